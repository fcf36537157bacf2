// The names behind the ids an audit summary records (a role, a user, a client, a service, a data
// plan), so the trail reads "Role: Finance" and not a uuid (issue 53 point 6). One lookup per
// owner for a page (or an export batch) of entries; an id no owner knows stays unnamed and the
// renderer says what it was ("a VTU line").
import { type AuditNames, auditReferenceIds } from '@vendport/shared';
import type { AuditLogRow } from '../../infra/audit';
import type { Db } from '../../infra/db/client';
import { identityNamesOf } from '../auth';
import { catalogueNamesOf } from '../catalogue';
import { corporateNamesByIds } from '../corporates';

export async function auditNamesOf(db: Db, rows: readonly AuditLogRow[]): Promise<Map<string, string>> {
  const ids = new Set<string>();
  for (const r of rows) auditReferenceIds(r.summary, ids);
  const list = [...ids];
  const found = await Promise.all([
    identityNamesOf(db, list),
    catalogueNamesOf(db, list),
    corporateNamesByIds(db, list),
  ]);
  return new Map(found.flatMap((m) => [...m]));
}

/** The names one entry needs, from the page's. */
export function namesFor(r: AuditLogRow, all: Map<string, string>): AuditNames {
  const out: Record<string, string> = {};
  for (const id of auditReferenceIds(r.summary)) {
    const name = all.get(id);
    if (name) out[id] = name;
  }
  return out;
}
