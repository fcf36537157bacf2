// The corporates table as the rest of the app reads and writes it (the clients module owns the
// table: scripts/table-owners.mjs). Other modules call these through clients/index.ts; for a
// read inside their own statement (a listing's client name, the vend's terms in one round trip)
// they embed the SQL built here, as catalogue's ASSIGNED_SERVICES_JSON does for services.
import {
  and,
  count,
  desc,
  eq,
  gte,
  ilike,
  isNotNull,
  lt,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { paged } from '../../infra/db/paged';
import { corporates } from '../../infra/db/schema';
import { containing } from '../../infra/db/sql';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';

export type CorporateRow = typeof corporates.$inferSelect;
export type NewCorporate = typeof corporates.$inferInsert;

/**
 * The corporates as a relation for raw SQL (`join ${CORPORATE_DIRECTORY_SQL} c on ...`): the
 * columns other modules' statements read. A plain projection, which PostgreSQL flattens into the
 * query that embeds it: the plan is the one a join on the table itself would get.
 */
export const CORPORATE_DIRECTORY_SQL = `(select id, name, email, client_type, status, test_mode,
  upfront_commission, auto_topup_enabled, credit_limit_kobo, vending_hold, rate_key_per_s, rate_key_burst,
  rate_client_per_s, rate_client_burst from corporates)`;

/** The same relation for Drizzle's sql`` templates. */
export const corporateDirectory = sql.raw(CORPORATE_DIRECTORY_SQL);

const FIELDS = {
  name: 'name',
  email: 'email',
  clientType: 'client_type',
  status: 'status',
} as const;

/**
 * A column of the corporate whose id is `id`, read inside the caller's statement (a scalar
 * subquery on the primary key, per row the statement returns). `id` is a corporate-id column or
 * expression: Drizzle may print a column bare, which resolves to the caller's row as long as
 * corporates has no column of that name (corporate_id).
 */
export function corporateField(field: keyof typeof FIELDS, id: SQLWrapper): SQL<string> {
  return sql<string>`(select c.${sql.raw(FIELDS[field])} from corporates c where c.id = ${id})`;
}

/** The name of the corporate whose id is `id` (an SQL expression), inside the caller's statement. */
export const corporateNameOf = (id: SQLWrapper) => corporateField('name', id);

/** Whether the corporate whose id is `id` (an SQL expression) runs auto top-up now: switched on
 * by the platform and ACTIVE. Read inside the caller's statement. */
export const corporateAutoTopUpOn = (id: SQLWrapper) =>
  sql<boolean>`(select c.auto_topup_enabled and c.status = 'ACTIVE' from corporates c where c.id = ${id})`;

export async function corporateExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: corporates.id }).from(corporates).where(eq(corporates.id, id));
  return !!row;
}

/** The corporate's row, whole (undefined: no such client). */
export async function findCorporate(db: Db, id: string): Promise<CorporateRow | undefined> {
  const [row] = await db.select().from(corporates).where(eq(corporates.id, id));
  return row;
}

/** The corporate's row, locked FOR UPDATE until the transaction ends. */
export async function lockCorporate(db: Db, id: string): Promise<CorporateRow | undefined> {
  const [row] = await db.select().from(corporates).where(eq(corporates.id, id)).for('update');
  return row;
}

/** What most other modules show of a client. */
export interface CorporateSummary {
  id: string;
  name: string;
  email: string;
  clientType: string;
  status: string;
  creditLimitKobo: number;
  upfrontCommission: boolean;
  autoTopUpEnabled: boolean;
}

const summaryColumns = {
  id: corporates.id,
  name: corporates.name,
  email: corporates.email,
  msisdn: corporates.msisdn,
  clientType: corporates.clientType,
  status: corporates.status,
  creditLimitKobo: corporates.creditLimitKobo,
  upfrontCommission: corporates.upfrontCommission,
  autoTopUpEnabled: corporates.autoTopUpEnabled,
};

/** A client's summary; `lock: 'share'` holds the row FOR SHARE (its type cannot change meanwhile). */
export async function corporateSummary(
  db: Db,
  id: string,
  opts: { lock?: 'share' } = {},
): Promise<CorporateSummary | undefined> {
  const q = db.select(summaryColumns).from(corporates).where(eq(corporates.id, id));
  const [row] = await (opts.lock === 'share' ? q.for('share') : q);
  return row;
}

export async function corporateName(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: corporates.name }).from(corporates).where(eq(corporates.id, id));
  return row?.name ?? null;
}

/** What a signed-in user's session shows of its client. */
export async function corporateProfile(db: Db, id: string) {
  const [row] = await db
    .select({
      id: corporates.id,
      name: corporates.name,
      clientType: corporates.clientType,
      status: corporates.status,
      verificationStatus: corporates.verificationStatus,
      verificationRequestedAt: corporates.verificationRequestedAt,
      testMode: corporates.testMode,
      testModeAllowed: corporates.testModeAllowed,
      autoTopUpEnabled: corporates.autoTopUpEnabled,
    })
    .from(corporates)
    .where(eq(corporates.id, id));
  return row ?? null;
}

/** Whether a client is registered with this email. */
export async function corporateEmailTaken(db: Db, email: string): Promise<boolean> {
  const [c] = await db
    .select({ id: corporates.id })
    .from(corporates)
    .where(eq(corporates.email, email))
    .limit(1);
  return !!c;
}

export async function insertCorporate(db: Db, v: NewCorporate): Promise<string> {
  const [row] = await db.insert(corporates).values(v).returning({ id: corporates.id });
  return row.id;
}

/** Sets the client's upfront-commission switch; the client's id, name and switch, or undefined. */
export async function setUpfrontCommission(db: Db, id: string, upfrontCommission: boolean) {
  const [row] = await db
    .update(corporates)
    .set({ upfrontCommission, updatedAt: new Date() })
    .where(eq(corporates.id, id))
    .returning({ id: corporates.id, name: corporates.name, upfrontCommission: corporates.upfrontCommission });
  return row;
}

/**
 * Holds or releases the client's vending (null releases it). Written by funding, in the
 * transaction that opens or settles a card receivable; vends read it with their terms.
 */
export async function setVendingHold(db: Db, id: string, hold: string | null): Promise<void> {
  await db.update(corporates).set({ vendingHold: hold, updatedAt: new Date() }).where(eq(corporates.id, id));
}

// ---------------------------------------------------------------- business verification columns
// Written by the verification module's use cases. Status changes are conditional updates
// (`... WHERE verification_status = <from>`), so two reviews racing on one account make one
// transition: the other finds nothing to update.

/**
 * A new request for review: the account is PENDING again (after a decline too). The last decision
 * (its date and, for a decline, its reason) stays on the row as the history the screens show.
 */
export async function setVerificationRequestedAt(db: Db, id: string, at: Date): Promise<void> {
  await db
    .update(corporates)
    .set({ verificationStatus: 'PENDING', verificationRequestedAt: at, updatedAt: at })
    .where(eq(corporates.id, id));
}

/**
 * Moves an account from `from` to `to` if, and only if, it is in `from` with a request on file.
 * Returns the updated row, or undefined when another review got there first (or never could).
 */
export async function transitionVerification(
  db: Db,
  id: string,
  from: string,
  to: 'VERIFIED' | 'DECLINED',
  decision: { by: string; at: Date; reason: string | null },
): Promise<CorporateRow | undefined> {
  const [row] = await db
    .update(corporates)
    .set({
      verificationStatus: to,
      verificationDecidedAt: decision.at,
      verificationDecidedById: decision.by,
      verificationDeclineReason: decision.reason,
      updatedAt: decision.at,
    })
    .where(
      and(
        eq(corporates.id, id),
        eq(corporates.verificationStatus, from),
        isNotNull(corporates.verificationRequestedAt),
      ),
    )
    .returning();
  return row;
}

export interface VerificationRequestFilters {
  status?: 'PENDING' | 'VERIFIED' | 'DECLINED';
  search?: string;
  startDate?: string;
  endDate?: string;
  clientType?: string;
  page: number;
  limit: number;
}

/** Clients that have asked for verification, the most recent request first. Dates: the request's. */
export async function listVerificationRequests(db: Db, f: VerificationRequestFilters) {
  const s = f.search?.trim();
  const where: SQL | undefined = and(
    isNotNull(corporates.verificationRequestedAt),
    f.status ? eq(corporates.verificationStatus, f.status) : undefined,
    f.clientType ? eq(corporates.clientType, f.clientType) : undefined,
    f.startDate ? gte(corporates.verificationRequestedAt, lagosDayStart(f.startDate)) : undefined,
    f.endDate ? lt(corporates.verificationRequestedAt, lagosDayEnd(f.endDate)) : undefined,
    s
      ? or(
          ilike(corporates.name, containing(s)),
          ilike(corporates.email, containing(s)),
          ilike(corporates.msisdn, containing(s.replace(/^0/, ''))),
        )
      : undefined,
  );
  return paged(f, {
    count: () => db.select({ total: count() }).from(corporates).where(where),
    rows: (w) =>
      db
        .select()
        .from(corporates)
        .where(where)
        .orderBy(desc(corporates.verificationRequestedAt), desc(corporates.id))
        .limit(w.limit)
        .offset(w.offset),
  });
}
