// The audit trail: one append-only record per successful mutation and per authentication
// event. Summaries are scrubbed of anything that looks like a secret before they are written.

import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../infra/db/client';
import { auditLogs, roles, users } from '../infra/db/schema';
import { type RequestContext, requestContextOf } from '../infra/request-context';

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

async function roleNameOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, userId));
  return row?.name ?? null;
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
  const role = actor.role !== undefined ? actor.role : actor.id ? await roleNameOf(db, actor.id) : null;
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
