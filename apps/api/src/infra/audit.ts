// The audit trail's one writer: one append-only record per successful mutation and per
// authentication event, written by the service that made the change (inside its transaction
// when it has one) for the caller its RequestContext names. Summaries are scrubbed of anything
// that looks like a secret before they are written. The actor's role comes from the caller's
// session (auth.roleName) or from the `actor` an event without a session names; nothing is read
// here, so the writer depends on no module.
import { and, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { type KeyColumns, keyCondition, keyOrder, keysetMeasures, keysetPaged, keyTime } from './db/keyset';
import { keysetBatches } from './db/keyset-stream';
import type { PageRequest } from './db/paged';
import { auditLogs } from './db/schema';
import { containing, startingWith } from './db/sql';
import type { RequestContext } from './request-context';

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

/** Who acted, for events without a signed-in caller (sign-in, sign-up, reset, an API key). */
export interface AuditActor {
  id: string | null;
  email: string | null;
  name?: string | null;
  /** The actor's role name: the service that names the actor reads it (null for none). */
  role: string | null;
  area: string | null;
  corporateId: string | null;
}

export interface AuditEntry {
  action: string;
  targetType?: string;
  targetId?: string | null;
  summary?: Record<string, unknown>;
  /** Overrides the caller of the RequestContext. */
  actor?: AuditActor;
  corporateId?: string | null;
}

/** Writes one audit entry for the caller of `rc`; pass the transaction of the change as `db`. */
export async function recordAudit(db: Db, rc: RequestContext, entry: AuditEntry): Promise<void> {
  const a = rc.auth;
  const actor: AuditActor = entry.actor ?? {
    id: a?.userId ?? null,
    email: a?.email ?? null,
    name: a ? `${a.firstName} ${a.lastName}` : null,
    role: a?.roleName ?? null,
    area: a?.area ?? null,
    corporateId: a?.corporateId ?? null,
  };
  await db.insert(auditLogs).values({
    actorId: actor.id,
    actorEmail: actor.email,
    actorName: actor.name ?? null,
    actorRole: actor.role,
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

/** How many times `action` was recorded for a client (on `targetId` when given) since `since`: a
 * rate limit counted on what was done. */
export async function countAuditsSince(
  db: Db,
  q: { corporateId: string; action: string; targetId?: string; since: Date },
): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.corporateId, q.corporateId),
        gte(auditLogs.createdAt, q.since),
        eq(auditLogs.action, q.action),
        q.targetId ? eq(auditLogs.targetId, q.targetId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** The audit trail's filters: what its screen and its export both take. */
export interface AuditFilter {
  search?: string;
  action?: string;
  actor?: string;
  targetType?: string;
  /** An admin's filter on one client (a corporate caller's scope is `corporateId` above). */
  client?: string;
  from?: Date;
  to?: Date;
}

function auditWhere(corporateId: string | null, f: AuditFilter) {
  return and(
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
}

export type AuditLogRow = typeof auditLogs.$inferSelect;

/** The trail's export: the same filters and order, in keyset batches (db/keyset-stream). */
export async function* auditLogBatches(
  db: Db,
  corporateId: string | null,
  f: AuditFilter,
): AsyncGenerator<AuditLogRow[]> {
  const where = auditWhere(corporateId, f);
  const batches = keysetBatches(
    (after, limit) =>
      db
        .select({ a: auditLogs, kt: keyTime(auditLogs.createdAt) })
        .from(auditLogs)
        .where(and(where, keyCondition(AUDIT_KEY, after && { op: '<', key: after })))
        .orderBy(...keyOrder(AUDIT_KEY, 'desc'))
        .limit(limit),
    (r) => ({ t: r.kt, id: r.a.id }),
  );
  for await (const rows of batches) yield rows.map((r) => r.a);
}

const AUDIT_KEY: KeyColumns = { time: auditLogs.createdAt, id: auditLogs.id };

/** The trail as its screens page it: by keyset on (created_at, id), a bounded total (db/keyset). */
export async function auditLogsPage(
  db: Db,
  corporateId: string | null,
  f: AuditFilter & PageRequest & { cursor?: string },
) {
  const where = auditWhere(corporateId, f);
  return keysetPaged(f, {
    rows: ({ bound, order, limit }) =>
      db
        .select({ a: auditLogs, kt: keyTime(auditLogs.createdAt) })
        .from(auditLogs)
        .where(and(where, keyCondition(AUDIT_KEY, bound)))
        .orderBy(...keyOrder(AUDIT_KEY, order))
        .limit(limit),
    keyOf: (r) => ({ t: r.kt, id: r.a.id }),
    ...keysetMeasures(db, sql`${auditLogs}`, where, AUDIT_KEY),
  });
}
