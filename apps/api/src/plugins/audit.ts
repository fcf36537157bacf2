// The audit trail: one append-only record per successful mutation and per authentication
// event. This file is the one writer of audit_logs and owns the table (scripts/table-owners.mjs):
// the admin's audit trail reads it through listAuditLogs below. Summaries are scrubbed of anything that looks like a secret before they are written.

import { and, count, desc, eq, gte, ilike, lt, or } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { paged } from '../db/paged';
import { auditLogs } from '../db/schema';
import { containing, startingWith } from '../db/sql';
import { type RequestContext, requestContextOf } from '../lib/request-context';
import { roleNameOfUser } from '../modules/auth';

const SECRET_KEY = /pass(word)?|secret|token|code|key|otp|hash|authorization|cookie/i;

export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 4) return '[…]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => scrub(v, depth + 1));
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      out[k] = SECRET_KEY.test(k) ? '[redacted]' : scrub(v, depth + 1);
    return out;
  }
  if (typeof value === 'string' && value.length > 500) return `${value.slice(0, 500)}…`;
  return value;
}

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | null;
  summary?: Record<string, unknown>;
  /** Overrides for events without a signed-in actor (sign-in, sign-up, reset). */
  actor?: {
    id: string | null;
    email: string | null;
    name?: string | null;
    role?: string | null;
    area: string | null;
    corporateId: string | null;
  };
  corporateId?: string | null;
}

/** Writes one audit entry for the caller of `source` (a route may still pass its request). */
export async function audit(
  db: Db,
  source: RequestContext | FastifyRequest,
  entry: AuditEntry,
): Promise<void> {
  const rc = 'raw' in source ? requestContextOf(source) : source;
  const a = rc.auth;
  const actor = entry.actor ?? {
    id: a?.userId ?? null,
    email: a?.email ?? null,
    name: a ? `${a.firstName} ${a.lastName}` : null,
    role: a?.roleName ?? null,
    area: a?.area ?? null,
    corporateId: a?.corporateId ?? null,
  };
  // Events without a session (sign-in, reset) name their user: their role is read here.
  const role = actor.role !== undefined ? actor.role : actor.id ? await roleNameOfUser(db, actor.id) : null;
  await db.insert(auditLogs).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name ?? null,
    actorRole: role,
    area: actor.area,
    corporateId: entry.corporateId !== undefined ? entry.corporateId : actor.corporateId,
    action: entry.action,
    targetType: entry.targetType ?? null,
    targetId: entry.targetId ?? null,
    ip: rc.ip,
    userAgent: rc.userAgent,
    summary: (scrub(entry.summary ?? {}) as Record<string, unknown>) ?? {},
  });
}

/** How services record their audit entry inside their own transaction: the route binds the
 * caller (actor, IP, user agent) with recorder() and hands the service this plain function. */
export type AuditFn = (db: Db, entry: AuditEntry) => Promise<void>;

export const recorder =
  (source: RequestContext | FastifyRequest): AuditFn =>
  (db, entry) =>
    audit(db, source, entry);

/** The audit trail as the admin module lists it (audit_logs are this writer's table). */
export async function listAuditLogs(
  db: Db,
  corporateId: string | null,
  f: {
    search?: string;
    action?: string;
    actor?: string;
    targetType?: string;
    /** An admin's filter on one client (a corporate caller's scope is `corporateId` above). */
    client?: string;
    from?: Date;
    to?: Date;
    page: number;
    limit: number;
  },
) {
  const where = and(
    // A client sees its own team's actions only (DESIGN §2): not the platform staff's actions on
    // its account, whose names, emails and addresses are not the client's to read.
    corporateId ? and(eq(auditLogs.corporateId, corporateId), eq(auditLogs.area, 'CORPORATE')) : undefined,
    f.client ? eq(auditLogs.corporateId, f.client) : undefined,
    f.action ? ilike(auditLogs.action, startingWith(f.action)) : undefined,
    f.targetType ? eq(auditLogs.targetType, f.targetType) : undefined,
    f.actor
      ? or(ilike(auditLogs.actorEmail, containing(f.actor)), ilike(auditLogs.actorName, containing(f.actor)))
      : undefined,
    f.search
      ? or(
          ilike(auditLogs.action, containing(f.search)),
          ilike(auditLogs.actorEmail, containing(f.search)),
          ilike(auditLogs.actorName, containing(f.search)),
          ilike(auditLogs.targetType, containing(f.search)),
          ilike(auditLogs.targetId, containing(f.search)),
        )
      : undefined,
    f.from ? gte(auditLogs.createdAt, f.from) : undefined,
    f.to ? lt(auditLogs.createdAt, f.to) : undefined,
  );
  return paged(f, {
    count: () => db.select({ total: count() }).from(auditLogs).where(where),
    rows: (w) =>
      db
        .select()
        .from(auditLogs)
        .where(where)
        .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}
