// Queries for vends: by reference (idempotency), by id or readable code within a scope, the
// filtered history lists, and the row locks the status changes take.
import { and, count, eq, gte, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, LIVE_INSTANCE_NAMES } from '../../../infra/db/client';
import { type vendBills, vends } from '../../../infra/db/schema';
import { isUuid, runStatement, type Statement } from '../../../infra/db/sql';
import { groupCommitPer } from '../../../infra/group-commit';
import type { ClientTerms } from '../../auth';
import { ASSIGNED_SERVICES_JSON, type ServiceJson, type ServiceRow, servicesFromJson } from '../../catalogue';
import { CORPORATE_DIRECTORY_SQL, corporateNameOf } from '../../corporates';
import { postVendDebit } from '../lifecycle/vend-debits';

export type VendRow = typeof vends.$inferSelect;

/**
 * Whether the client has a vend under this reference in this mode: a rate-limited call naming it
 * is a replay (issue 34). Asked on refusals only, which come in floods from a client over its
 * limit: the references asked within REPLAY_GATHER_MS share one statement (a refused call waits
 * that much longer for its 429; a flood costs at most 1000 / REPLAY_GATHER_MS statements a second
 * per instance; measured, a statement per lookup read was 150-380 a second at 400 refusals/s).
 */
const REFERENCES_TAKEN: Statement = {
  name: 'vend_references_taken',
  text: `select v.corporate_id::text || '|' || v.mode || '|' || v.reference as k
           from unnest($1::uuid[], $2::text[], $3::text[]) as q(corporate_id, mode, reference)
           join vends v on v.corporate_id = q.corporate_id and v.mode = q.mode and v.reference = q.reference`,
};

const REPLAY_GATHER_MS = 20;

interface Asked {
  resolve: (taken: boolean) => void;
  reject: (err: unknown) => void;
}
/** The lookups gathering now, per database (sent when the window closes). */
const gathering = new WeakMap<Db, Map<string, Asked[]>>();

async function lookUpReferences(db: Db, asked: Map<string, Asked[]>): Promise<void> {
  try {
    const parts = [...asked.keys()].map((k) => k.split('|'));
    const rows = await runStatement<{ k: string }>(db, REFERENCES_TAKEN, [
      parts.map((p) => p[0]),
      parts.map((p) => p[1]),
      parts.map((p) => p[2]),
    ]);
    const taken = new Set(rows.map((r) => r.k));
    for (const [k, waiters] of asked) for (const w of waiters) w.resolve(taken.has(k));
  } catch (err) {
    for (const waiters of asked.values()) for (const w of waiters) w.reject(err);
  }
}

/** A reference has no '|' (shared's vendReference), so the three parts make one key. */
export function vendReferenceTaken(db: Db, corporateId: string, mode: string, reference: string) {
  const key = `${corporateId}|${mode}|${reference}`;
  let asked = gathering.get(db);
  if (!asked) {
    const batch = new Map<string, Asked[]>();
    asked = batch;
    gathering.set(db, batch);
    setTimeout(() => {
      gathering.delete(db);
      void lookUpReferences(db, batch);
    }, REPLAY_GATHER_MS);
  }
  const waiters = asked.get(key) ?? [];
  asked.set(key, waiters);
  return new Promise<boolean>((resolve, reject) => waiters.push({ resolve, reject }));
}

export async function findVendByReference(
  db: Db,
  corporateId: string,
  mode: string,
  reference: string,
): Promise<VendRow | null> {
  const [row] = await db
    .select()
    .from(vends)
    .where(and(eq(vends.corporateId, corporateId), eq(vends.mode, mode), eq(vends.reference, reference)));
  return row ?? null;
}

export async function findVendById(db: Db, id: string): Promise<VendRow | null> {
  const [row] = await db.select().from(vends).where(eq(vends.id, id));
  return row ?? null;
}

/** A vend by its id or its VND- code; with `corporateId`, only that client's (else null). */
export async function findVendRef(db: Db, ref: string, corporateId: string | null) {
  const byRef = isUuid(ref) ? eq(vends.id, ref) : eq(vends.code, ref.trim().toUpperCase());
  const [row] = await db
    .select({ v: vends, corporateName: corporateNameOf(vends.corporateId) })
    .from(vends)
    .where(and(byRef, corporateId ? eq(vends.corporateId, corporateId) : undefined));
  return row ?? null;
}

/** Locks a vend for a status change, if it is still in `status`. */
export async function lockVendIn(db: Db, id: string, status: string): Promise<VendRow | null> {
  const [row] = await db
    .select()
    .from(vends)
    .where(and(eq(vends.id, id), eq(vends.status, status)))
    .for('update');
  return row ?? null;
}

/** A client's terms, as a vend reads them. */
/** The client's vending terms (the auth module reads the same with an API key). */
export type VendCorporate = ClientTerms;

const VEND_CONTEXT: Statement = {
  name: 'vend_context',
  text: `select c.id, c.status, c.test_mode, c.upfront_commission, c.client_type, c.vending_hold,
                ${ASSIGNED_SERVICES_JSON('c.id')} as services
           from ${CORPORATE_DIRECTORY_SQL} c
          where c.id = $1::uuid`,
};

/** A client's vending terms and services: what a vend reads before it moves money. */
export interface VendClient {
  corp: VendCorporate;
  /** Assigned and active, oldest first. */
  services: readonly ServiceRow[];
}

/**
 * What a vend reads before it moves money, in one query: the client and its assigned, active
 * services (the API-key lookup reads the same with the key). A reference already used is found
 * by the vend's own insert (vends_reference_uq), not looked up first.
 */
export async function vendClient(db: Db, corporateId: string): Promise<VendClient | null> {
  const [r] = await runStatement<{
    id: string;
    status: string;
    test_mode: boolean;
    upfront_commission: boolean;
    client_type: string;
    vending_hold: string | null;
    services: ServiceJson[] | string;
  }>(db, VEND_CONTEXT, [corporateId]);
  if (!r) return null;
  return {
    corp: {
      id: r.id,
      status: r.status,
      testMode: r.test_mode,
      upfrontCommission: r.upfront_commission,
      clientType: r.client_type,
      vendingHold: r.vending_hold,
    },
    services: servicesFromJson(r.services),
  };
}

/** Vends still PENDING whose next requery is due. */
export type VendChanges = { [K in keyof typeof vends.$inferInsert]?: (typeof vends.$inferInsert)[K] | SQL };

/**
 * Changes one vend and returns it; with `only`, just while it is still in that status (and on
 * that route, when given): a status change that lost a race changes nothing and returns null.
 */
export async function updateVend(
  db: Db,
  id: string,
  set: VendChanges,
  only?: { status?: string; routeIndex?: number },
): Promise<VendRow | null> {
  const [row] = await db
    .update(vends)
    .set(set)
    .where(
      and(
        eq(vends.id, id),
        only?.status === undefined ? undefined : eq(vends.status, only.status),
        only?.routeIndex === undefined ? undefined : eq(vends.routeIndex, only.routeIndex),
      ),
    )
    .returning();
  return row ?? null;
}

/** `settled_at` set once: the first end of the synchronous phase, or the final status, wins. */
export const settledOnce = (at: Date) => sql`coalesce(${vends.settledAt}, ${at.toISOString()}::timestamptz)`;

/**
 * The fields every final status (SUCCESSFUL, FAILED) is written with, whoever settles it: the
 * request itself, a requery after a crash, or an admin. A final vend is always settled, so a retry
 * of its reference answers at once with the result.
 */
export const finalFields = (at: Date) => ({
  completedAt: at,
  requeryAt: null,
  updatedAt: at,
  settledAt: settledOnce(at),
});

/** The end of a request's synchronous phase (kept if already set). */
export async function markVendSettled(db: Db, id: string, at: Date): Promise<VendRow> {
  const [row] = await db
    .update(vends)
    .set({ settledAt: settledOnce(at) })
    .where(eq(vends.id, id))
    .returning();
  return row;
}

/**
 * Vends whose request died with its process: PENDING, the request's phase never ended, made
 * before `before` (the start of the process asking). Their crash guard is brought to `now`.
 */
export function claimOrphanedVends(db: Db, before: Date, now: Date) {
  return claimInRequestPhase(db, now, lt(vends.createdAt, before));
}

/**
 * Vends still in their request's phase whose placing process is gone (PostgreSQL: no connection
 * of that application_name is left; every process keeps one open for its whole life). Their crash
 * guard is brought to `now`, so the sweep requeries them at once. Claiming a live one by mistake
 * (a process cut off from the database for a moment) only makes its requery early: a requery
 * settles exactly once and never reverses without a definite failure.
 */
export function claimVendsOfDeadProcesses(db: Db, now: Date) {
  return claimInRequestPhase(
    db,
    now,
    sql`${vends.placedBy} is not null and ${vends.placedBy} not in (${LIVE_INSTANCE_NAMES})`,
  );
}

/** PENDING vends still in their request's phase, guard not passed, matching `which`: guard brought to `now`. */
function claimInRequestPhase(db: Db, now: Date, which: SQL) {
  return db
    .update(vends)
    .set({ requeryAt: now })
    .where(
      and(
        eq(vends.status, 'PENDING'),
        isNull(vends.settledAt),
        sql`${vends.requeryAt} > ${now.toISOString()}::timestamptz`,
        which,
      ),
    )
    .returning({ id: vends.id });
}

/** PENDING vends whose requery time has passed (crash recovery). */
export async function pendingDueIds(db: Db, now: Date, limit: number): Promise<Array<{ id: string }>> {
  return db.select({ id: vends.id }).from(vends).where(pendingDue(now)).limit(limit);
}

export const pendingDue = (now: Date) =>
  and(eq(vends.status, 'PENDING'), sql`${vends.requeryAt} <= ${now.toISOString()}::timestamptz`);

export interface FastSuccess {
  id: string;
  /** The float account the vend must still hold (no reroute needed), else nothing is changed. */
  floatAccount: string;
  providerReference: string | null;
  at: Date;
  events: Array<{
    type: string;
    status: string | null;
    provider: string | null;
    outcome: string | null;
    message: string | null;
    data: Record<string, unknown>;
  }>;
  webhook: { eventId: string; type: string; mode: string; body: string; queue: string };
}

/**
 * PENDING -> SUCCESSFUL in ONE statement (atomic, no transaction round trips), with the other
 * successes waiting at the time (group commit): the status, the timeline events, and the webhook
 * delivery with its job when the client has a webhook. False when the vend was no longer PENDING
 * or needs its float moved (the caller then takes the transactional path).
 */
export function completeSuccessfulVend(db: Db, f: FastSuccess): Promise<boolean> {
  return successesOf(db).submit(f);
}

/**
 * PENDING -> SUCCESSFUL for many vends in ONE statement (group commit, infra/group-commit.ts): the
 * database function vend_complete_success (migration 0023), whose plan finds each vend by its
 * primary key whatever the table's size or statistics, planned once per connection.
 */
export const VEND_SUCCESS: Statement = {
  name: 'vend_complete_success',
  text: 'select vend_id as id from vend_complete_success($1::jsonb)',
};

const successesOf = groupCommitPer((db: Db) => ({
  // One at a time, like the debits: the successes arriving meanwhile make the next one larger.
  maxInFlight: 1,
  gatherTurn: true,
  key: (f: FastSuccess) => f.id,
  send: async (batch: FastSuccess[]) => {
    const rows = await runStatement<{ id: string }>(db, VEND_SUCCESS, [
      JSON.stringify(
        batch.map((f) => ({
          id: f.id,
          floatAccount: f.floatAccount,
          providerReference: f.providerReference,
          at: f.at.toISOString(),
          events: f.events,
          webhook: f.webhook,
        })),
      ),
    ]);
    // A vend no longer PENDING (or whose float must move) gets null: the caller's slower path.
    const done = new Set(rows.map((r) => r.id));
    return new Map(batch.map((f) => [f.id, done.has(f.id)]));
  },
}));

/** The columns a new vend is written with (the rest take their defaults: PENDING, 0 requeries). */
export type NewVend = Omit<
  VendRow,
  | 'status'
  | 'providerReference'
  | 'failureReason'
  | 'debitTransferId'
  | 'rerouteTransferId'
  | 'reversalTransferId'
  | 'commissionSettlementId'
  | 'reversalReason'
  | 'reversedById'
  | 'reversedAt'
  | 'requeryCount'
  | 'settledAt'
  | 'completedAt'
>;

/** A bill's facts (issue 51), recorded with its vend (under the vend's id) by insertVendWithDebit. */
export type NewVendBill = Omit<
  typeof vendBills.$inferInsert,
  'vendId' | 'token' | 'units' | 'receiptReference' | 'details' | 'createdAt' | 'updatedAt'
>;

/**
 * Records a new vend (PENDING, with its CREATED event) and posts its debit, in one statement with
 * whatever other new vends are waiting (vend-debits.ts; migration 0019, with ledger_post's locks
 * and floors): the vend exists exactly when its debit does, and a bill's facts (`bill`) exactly when
 * its vend does. Throws the database's error: a unique violation of
 * vends_reference_uq when the reference is taken, SQLSTATE V0402 when the wallet's floor would
 * be crossed (nothing is written either way).
 */
export async function insertVendWithDebit(
  db: Db,
  v: NewVend,
  created: { message: string; data: Record<string, unknown> },
  debit: {
    reference: string;
    description: string;
    metadata: Record<string, unknown>;
    entries: Array<{ accountId: string; amountKobo: number }>;
  },
  generation?: number,
  bill?: NewVendBill,
): Promise<{ debitTransferId: string }> {
  const debitTransferId = await postVendDebit(db, {
    vend: {
      id: v.id,
      code: v.code,
      corporate_id: v.corporateId,
      mode: v.mode,
      channel: v.channel,
      reference: v.reference,
      request_hash: v.requestHash,
      msisdn: v.msisdn,
      network: v.network,
      service_type: v.serviceType,
      service_id: v.serviceId,
      platform: v.platform,
      data_plan_id: v.dataPlanId,
      plan_code: v.planCode,
      plan_name: v.planName,
      amount_kobo: v.amountKobo,
      charge_kobo: v.chargeKobo,
      commission_kobo: v.commissionKobo,
      commission_bps: v.commissionBps,
      commission_mode: v.commissionMode,
      routes: v.routes,
      route_index: v.routeIndex,
      provider: v.provider,
      float_account: v.floatAccount,
      float_line_id: v.floatLineId,
      vtu_line_id: v.vtuLineId,
      created_by_id: v.createdById,
      api_key_id: v.apiKeyId,
      client_type: v.clientType,
      requery_at: v.requeryAt?.toISOString() ?? null,
      placed_by: v.placedBy ?? null,
      created_at: v.createdAt.toISOString(),
    },
    event: created,
    debit: {
      reference: debit.reference,
      description: debit.description,
      metadata: debit.metadata,
      accounts: debit.entries.map((e) => e.accountId),
      amounts: debit.entries.map((e) => e.amountKobo),
    },
    // Undefined for a vend decided on a fresh read: JSON.stringify leaves it out, and the debit
    // checks no generation for it.
    generation,
    bill: bill && {
      vend_id: v.id,
      biller_code: bill.billerCode,
      customer_number: bill.customerNumber,
      meter_type: bill.meterType ?? null,
      subscription_type: bill.subscriptionType ?? null,
      bouquet_code: bill.bouquetCode ?? null,
      bouquet_name: bill.bouquetName ?? null,
      customer_name: bill.customerName ?? null,
      customer_address: bill.customerAddress ?? null,
      phone: bill.phone,
      email: bill.email ?? null,
      verification_id: bill.verificationId,
    },
  });
  return { debitTransferId };
}

/** Live vends that failed since `since`, counted per client (the vend-failure alerts). */
export async function failedLiveVendCounts(db: Db, since: Date) {
  return db
    .select({ corporateId: vends.corporateId, failed: count() })
    .from(vends)
    .where(and(eq(vends.mode, 'LIVE'), gte(vends.createdAt, since), eq(vends.status, 'FAILED')))
    .groupBy(vends.corporateId);
}
