// The vend (DESIGN §4). A request is normalised and checked (number, network, client ACTIVE,
// service assigned and enabled, amount within bounds); then ONE transaction records the vend
// PENDING and debits the wallet through the ledger (one statement, shared with the other vends
// waiting at the time: vend-debits.ts). The provider is called outside any
// transaction or lock. A definite failure tries the next platform, and when none is left marks
// the vend FAILED and reverses the debit in the same transaction as the status change. An
// unknown outcome (pending, timeout, broken call) leaves the vend PENDING for the requery job:
// nothing is ever reversed before a provider says the vend failed. Admins can reverse a
// SUCCESSFUL vend (refund). Every change lands in vend_events; every final status queues the
// client's webhook in the same transaction.
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  commissionOf,
  formatNaira,
  type Network,
  type Platform,
  type ServiceType,
  suggestNetwork,
  type VendChannel,
  type VendView,
  type WebhookEventType,
} from '@vendport/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/sql';
import { enqueue, type JobHandler } from '../../jobs/queue';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors';
import type { DataPlanRow, ServiceRow } from '../catalogue/catalogue.repo';
import { planForVend, serviceUnavailable } from '../catalogue/catalogue.service';
import { accountIdsOf, asLedgerError, lockAccountBalance, validateTransfer } from '../ledger/ledger.service';
import {
  callProvider,
  type ProviderAnswer,
  providerNamed,
  SANDBOX_PROVIDER,
  type VendRequest,
} from '../providers/providers.service';
import { lineContact, pickLine, readableCode } from '../vtu/vtu.service';
import { newEventId, queueVendWebhook, WEBHOOK_QUEUE, webhookBody } from '../webhooks/webhooks.service';
import { lastVendEventAt, recordVendEvents, type VendEventInput } from './vend-events';
import {
  debitEntriesOf,
  debitPosting,
  debitReference,
  type FloatAccount,
  fundSandboxMoney,
  rerouteVend,
  reverseVend,
  type VendMoneyFacts,
} from './vending.money';
import {
  completeSuccessfulVend,
  findVendById,
  findVendByReference,
  insertVendWithDebit,
  lockVendIn,
  markVendSettled,
  type NewVend,
  pendingDueIds,
  updateVend,
  type VendClient,
  type VendCorporate,
  type VendRow,
  vendClient,
} from './vending.repo';

export const REQUERY_QUEUE = 'requery';
/** Requeries go on for this long after the vend; then it waits for a person (manual requery). */
export const REQUERY_WINDOW_MS = 48 * 3600_000;
const REQUERY_DELAYS_S = [30, 60, 120, 300, 600, 1800];
/** Delay before requery n (0-based): 30 s, 1 min, 2 min, 5 min, 10 min, 30 min, then hourly. */
export const requeryDelayMs = (n: number) => (REQUERY_DELAYS_S[n] ?? 3600) * 1000;

export interface VendCaller {
  corporateId: string;
  channel: VendChannel;
  /** The API key's mode; a client in test mode vends in TEST whatever the key. */
  keyMode?: 'LIVE' | 'TEST';
  userId?: string | null;
  apiKeyId?: string | null;
}

export interface VendInput {
  reference?: string;
  /** Normalised +234XXXXXXXXXX. */
  phone: string;
  network?: Network;
  type: ServiceType;
  amount?: number;
  planCode?: string;
}

export interface VendResult {
  vend: VendRow;
  /** True when the reference had been used with the same request: nothing new happened. */
  replay: boolean;
}

interface Prepared {
  caller: VendCaller;
  corp: VendCorporate;
  mode: 'LIVE' | 'TEST';
  network: Network;
  reference: string;
  hash: string;
  input: VendInput;
}

interface Route {
  index: number;
  route: string;
  line: { id: string; msisdn: string } | null;
}

interface Resolved extends Prepared {
  service: ServiceRow;
  plan: DataPlanRow | null;
  amountKobo: number;
  chargeKobo: number;
  commissionKobo: number;
  commissionMode: 'UPFRONT' | 'ACCRUED' | 'NONE';
  routes: string[];
  first: Route;
}

// ---------------------------------------------------------------- views

export function vendOut(v: VendRow): VendView {
  return {
    id: v.id,
    code: v.code,
    reference: v.reference,
    mode: v.mode as 'LIVE' | 'TEST',
    channel: v.channel as VendChannel,
    status: v.status as VendView['status'],
    phone: v.msisdn,
    network: v.network as Network,
    type: v.serviceType as ServiceType,
    platform: v.platform as Platform,
    planCode: v.planCode,
    planName: v.planName,
    amountKobo: v.amountKobo,
    amount: formatNaira(v.amountKobo),
    chargedKobo: v.chargeKobo,
    charged: formatNaira(v.chargeKobo),
    commissionKobo: v.commissionKobo,
    commission: formatNaira(v.commissionKobo),
    commissionMode: v.commissionMode as VendView['commissionMode'],
    failureReason: v.failureReason,
    createdAt: v.createdAt.toISOString(),
    completedAt: v.completedAt?.toISOString() ?? null,
    reversedAt: v.reversedAt?.toISOString() ?? null,
  };
}

/**
 * The answer's message for a vend, from its state alone (so retries read the same answer). An
 * API caller is told how to learn the final status; a person in the portal, what happens next.
 */
export function vendMessage(v: VendRow, audience: 'API' | 'PORTAL' = 'API'): string {
  switch (v.status) {
    case 'SUCCESSFUL':
      return 'Vend successful';
    case 'FAILED':
      return `Vend failed: ${v.failureReason ?? 'the provider declined it'}. The debit has been reversed.`;
    case 'REVERSED':
      return 'Vend reversed and refunded';
    default:
      return audience === 'PORTAL'
        ? 'Purchase pending: the network has not confirmed it yet. We keep checking and its status will update in your vending history.'
        : 'Vend pending: the provider has not confirmed it yet. Its final status will follow (webhook, or GET it again).';
  }
}

// ---------------------------------------------------------------- preparing

const floatOf = (route: string): FloatAccount =>
  route === SANDBOX_PROVIDER ? 'SANDBOX_SOURCE' : route === 'VTU' ? 'VTU_FLOAT' : 'PROVIDER_FLOAT';

export function requestHash(x: {
  phone: string;
  network: string;
  type: string;
  amount?: number;
  planCode?: string;
}): string {
  const canonical = JSON.stringify([
    x.phone,
    x.network,
    x.type,
    x.amount ?? null,
    x.planCode?.toUpperCase() ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The mode a call runs in: a test key, or a client in test mode, means TEST. */
export const vendMode = (keyMode: 'LIVE' | 'TEST' | undefined, corp: Pick<VendCorporate, 'testMode'>) =>
  keyMode === 'TEST' || corp.testMode ? 'TEST' : 'LIVE';

/** Who vends, in which mode, to which network, under which reference: no money, no catalogue. */
export function prepareVend(caller: VendCaller, input: VendInput, corp: VendCorporate): Prepared {
  const mode = vendMode(caller.keyMode, corp);
  const network = input.network ?? suggestNetwork(input.phone);
  if (!network) throw badRequest(`We could not tell the network of ${input.phone}; choose one`);
  const reference = input.reference ?? readableCode(caller.channel === 'BULK' ? 'BLK' : 'PTL', 12);
  const hash = requestHash({ ...input, network });
  return { caller, corp, mode, network, reference, hash, input };
}

/** The first platform (from `from` on) that can take the vend now; VTU needs a line with float. */
async function chooseRoute(
  ctx: AppContext,
  q: {
    routes: string[];
    network: string;
    corporateId: string;
    fromApi: boolean;
    amountKobo: number;
    exclude: string[];
  },
  from: number,
): Promise<Route | null> {
  for (let i = from; i < q.routes.length; i++) {
    const route = q.routes[i];
    if (route !== 'VTU') return { index: i, route, line: null };
    const line = await pickLine(ctx.db, {
      network: q.network,
      corporateId: q.corporateId,
      fromApi: q.fromApi,
      amountKobo: q.amountKobo,
      exclude: q.exclude,
    });
    if (line) return { index: i, route, line };
  }
  return null;
}

/** The rules: client active, service assigned and enabled (`services`: the client's assigned,
 * active ones, as vendClient reads them), plan, bounds, commission, a route. */
export async function resolveVend(ctx: AppContext, p: Prepared, services: ServiceRow[]): Promise<Resolved> {
  if (p.corp.status !== 'ACTIVE') {
    throw new AppError(
      'CLIENT_INACTIVE',
      403,
      'This account is inactive and cannot vend. Contact support to reactivate it.',
    );
  }
  const service = services.find((x) => x.network === p.network && x.serviceType === p.input.type);
  if (!service) throw serviceUnavailable(p.network, p.input.type);
  let plan: DataPlanRow | null = null;
  let amountKobo: number;
  if (p.input.type === 'DATA') {
    if (!p.input.planCode) throw badRequest('Choose a data plan');
    plan = await planForVend(ctx.db, p.input.planCode, p.network);
    amountKobo = plan.priceKobo;
  } else {
    if (p.input.amount === undefined) throw badRequest('Amount is required for airtime');
    amountKobo = p.input.amount;
  }
  if (amountKobo < service.minAmountKobo || amountKobo > service.maxAmountKobo) {
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `Amount must be between ${formatNaira(service.minAmountKobo)} and ${formatNaira(service.maxAmountKobo)} for ${p.network} ${p.input.type.toLowerCase()}`,
    );
  }
  let commissionKobo = 0;
  let commissionMode: Resolved['commissionMode'] = 'NONE';
  // Test vends earn nothing: commission is real money.
  if (p.mode === 'LIVE') {
    commissionKobo = commissionOf(amountKobo, service.commissionBps);
    if (commissionKobo > 0) commissionMode = p.corp.upfrontCommission ? 'UPFRONT' : 'ACCRUED';
  }
  const chargeKobo = commissionMode === 'UPFRONT' ? amountKobo - commissionKobo : amountKobo;
  const routes = p.mode === 'TEST' ? [SANDBOX_PROVIDER] : [service.platform, ...service.fallbackPlatforms];
  const first = await chooseRoute(
    ctx,
    {
      routes,
      network: p.network,
      corporateId: p.corp.id,
      fromApi: p.caller.channel === 'API',
      amountKobo,
      exclude: [],
    },
    0,
  );
  if (!first) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      503,
      `No channel can deliver ${p.network} ${p.input.type.toLowerCase()} right now. Try again shortly.`,
    );
  }
  return { ...p, service, plan, amountKobo, chargeKobo, commissionKobo, commissionMode, routes, first };
}

// ---------------------------------------------------------------- replays

async function awaitSettled(ctx: AppContext, v: VendRow): Promise<VendRow> {
  // The first request is still calling providers; an identical retry waits for its result so
  // that both answers agree. Bounded by the time the provider calls may take.
  const deadline = Date.now() + ctx.config.PROVIDER_TIMEOUT_MS * Math.max(1, v.routes.length) + 5_000;
  let row: VendRow | null = v;
  let wait = 5;
  while (row && !row.settledAt && Date.now() < deadline) {
    await delay(wait);
    wait = Math.min(wait * 2, 100);
    row = await findVendById(ctx.db, v.id);
  }
  return row ?? v;
}

async function replay(ctx: AppContext, existing: VendRow, hash: string): Promise<VendResult> {
  if (existing.requestHash !== hash) {
    throw new AppError(
      'IDEMPOTENCY_CONFLICT',
      409,
      `The reference ${existing.reference} was already used for a different request`,
    );
  }
  return { vend: await awaitSettled(ctx, existing), replay: true };
}

// ---------------------------------------------------------------- vending

const facts = (v: NewVend): VendMoneyFacts => ({
  id: v.id,
  code: v.code,
  corporateId: v.corporateId,
  mode: v.mode,
  amountKobo: v.amountKobo,
  chargeKobo: v.chargeKobo,
  commissionKobo: v.commissionKobo,
  commissionMode: v.commissionMode,
  floatAccount: v.floatAccount,
});

/** Vends between their debit and their outcome, per database: a closing server waits for them. */
const inFlight = new WeakMap<Db, Set<Promise<unknown>>>();

/** Resolves when every vend started on `db` has recorded its outcome (or after `timeoutMs`). */
export async function vendsSettled(db: Db, timeoutMs: number): Promise<void> {
  const running = inFlight.get(db);
  if (!running?.size) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    Promise.allSettled([...running]),
    new Promise((r) => {
      timer = setTimeout(r, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

/** Records the vend and debits the wallet (one statement), then calls the providers. */
export function executeVend(ctx: AppContext, r: Resolved): Promise<VendResult> {
  let running = inFlight.get(ctx.db);
  if (!running) {
    running = new Set();
    inFlight.set(ctx.db, running);
  }
  const set = running;
  const p = runVend(ctx, r);
  set.add(p);
  void p.then(
    () => set.delete(p),
    () => set.delete(p),
  );
  return p;
}

async function runVend(ctx: AppContext, r: Resolved): Promise<VendResult> {
  const id = randomUUID();
  const now = new Date();
  const floatAccount = floatOf(r.first.route);
  const crashGuardMs = ctx.config.PROVIDER_TIMEOUT_MS * r.routes.length + 120_000;
  const values = {
    id,
    code: readableCode('VND', 12),
    corporateId: r.corp.id,
    mode: r.mode,
    channel: r.caller.channel,
    reference: r.reference,
    requestHash: r.hash,
    msisdn: r.input.phone,
    network: r.network,
    serviceType: r.input.type,
    serviceId: r.service.id,
    platform: r.service.platform,
    dataPlanId: r.plan?.id ?? null,
    planCode: r.plan?.code ?? null,
    planName: r.plan?.name ?? null,
    amountKobo: r.amountKobo,
    chargeKobo: r.chargeKobo,
    commissionKobo: r.commissionKobo,
    commissionBps: r.mode === 'LIVE' ? r.service.commissionBps : 0,
    commissionMode: r.commissionMode,
    routes: r.routes,
    routeIndex: r.first.index,
    provider: r.first.route,
    floatAccount,
    floatLineId: floatAccount === 'VTU_FLOAT' ? (r.first.line?.id ?? null) : null,
    vtuLineId: r.first.line?.id ?? null,
    createdById: r.caller.userId ?? null,
    apiKeyId: r.caller.apiKeyId ?? null,
    clientType: r.corp.clientType,
    // If this process dies before the provider answers, the requery sweep finds the vend.
    requeryAt: new Date(now.getTime() + crashGuardMs),
    createdAt: now,
    updatedAt: now,
  } satisfies NewVend;
  // Account ids are looked up before the debit's statement: the wallet row is locked from the
  // debit to the commit, and nothing else should happen in between.
  const money = facts(values);
  const entries = await debitEntriesOf(accountIdsOf(ctx.db), money);
  validateTransfer({ reference: debitReference(id), entries });
  let created: VendRow;
  try {
    // One statement (shared with the other vends waiting at the time): the debit (ledger_post),
    // the vend born with its id and its CREATED event exist together or not at all; the wallet
    // row is locked only inside it.
    const debit = await insertVendWithDebit(
      ctx.db,
      values,
      {
        message: `${r.mode === 'TEST' ? 'Test vend' : 'Vend'} of ${formatNaira(r.amountKobo)} to ${r.input.phone}; ${formatNaira(r.chargeKobo)} debited`,
        data: {
          reference: r.reference,
          channel: r.caller.channel,
          routes: r.routes,
          commissionMode: r.commissionMode,
          commissionKobo: r.commissionKobo,
        },
      },
      debitPosting(money, entries),
    );
    created = {
      ...values,
      status: 'PENDING',
      providerReference: null,
      failureReason: null,
      debitTransferId: debit.debitTransferId,
      rerouteTransferId: null,
      reversalTransferId: null,
      commissionSettlementId: null,
      reversalReason: null,
      reversedById: null,
      reversedAt: null,
      requeryCount: 0,
      settledAt: null,
      completedAt: null,
    };
  } catch (err) {
    if (isUniqueViolation(err, 'vends_reference_uq')) {
      const existing = await findVendByReference(ctx.db, r.corp.id, r.mode, r.reference);
      if (existing) return replay(ctx, existing, r.hash);
      throw conflict('The reference is being used by another request; try again');
    }
    throw asLedgerError(err);
  }
  return { vend: await deliver(ctx, created), replay: false };
}

/**
 * A vend. `client`: the client's terms and services when the caller has read them already (the
 * API-key lookup does); otherwise one query reads them.
 */
export async function vend(
  ctx: AppContext,
  caller: VendCaller,
  input: VendInput,
  client?: VendClient,
): Promise<VendResult> {
  const found = client ?? (await vendClient(ctx.db, caller.corporateId));
  if (!found || found.corp.id !== caller.corporateId) throw notFound('Corporate client');
  const p = prepareVend(caller, input, found.corp);
  let resolved: Resolved;
  try {
    resolved = await resolveVend(ctx, p, found.services);
  } catch (err) {
    // A retry of a vend already made answers with that vend, whatever has changed since (the
    // client deactivated, the service disabled); a new request with a used reference gets 409.
    const existing =
      err instanceof AppError && input.reference
        ? await findVendByReference(ctx.db, p.corp.id, p.mode, input.reference)
        : null;
    if (existing) return replay(ctx, existing, p.hash);
    throw err;
  }
  // A reference already used is found by the vend's insert itself (executeVend replays it).
  return executeVend(ctx, resolved);
}

async function requestOf(ctx: AppContext, v: VendRow): Promise<VendRequest> {
  return {
    reference: v.code,
    msisdn: v.msisdn,
    network: v.network as Network,
    serviceType: v.serviceType as ServiceType,
    amountKobo: v.amountKobo,
    planCode: v.planCode,
    line: v.provider === 'VTU' && v.vtuLineId ? await lineContact(ctx.db, v.vtuLineId) : null,
  };
}

const callEvent = (
  v: VendRow,
  kind: 'PROVIDER_CALL' | 'REQUERY',
  a: ProviderAnswer & { durationMs: number },
  at: Date,
): VendEventInput => ({
  vendId: v.id,
  type: kind,
  provider: v.provider,
  outcome: a.outcome,
  message: a.message,
  data: { durationMs: a.durationMs, providerReference: a.providerReference ?? null, route: v.routeIndex },
  at,
});

/**
 * The synchronous phase: the providers in route order, outside any transaction. Ends with the
 * vend final, or PENDING with a requery scheduled; either way `settled_at` is set.
 */
async function deliver(ctx: AppContext, start: VendRow): Promise<VendRow> {
  let v = start;
  for (;;) {
    const provider = providerNamed(ctx, v.provider!);
    const req = await requestOf(ctx, v);
    const answer = await callProvider(() => provider.vend(req), ctx.config.PROVIDER_TIMEOUT_MS);
    const at = new Date();
    const event = callEvent(v, 'PROVIDER_CALL', answer, at);
    if (answer.outcome === 'SUCCESS')
      return (
        (await finalizeSuccess(ctx, v.id, answer, { at, events: [event], endsSync: true, known: v })) ?? v
      );
    if (answer.outcome === 'FAILED') {
      const next = await chooseRoute(
        ctx,
        {
          routes: v.routes,
          network: v.network,
          corporateId: v.corporateId,
          fromApi: v.channel === 'API',
          amountKobo: v.amountKobo,
          exclude: v.vtuLineId ? [v.vtuLineId] : [],
        },
        v.routeIndex + 1,
      );
      if (!next)
        return (
          (await finalizeFailure(ctx, v.id, answer.message, { at, events: [event], endsSync: true })) ?? v
        );
      const moved = await ctx.db.transaction(async (tx) => {
        const row = await updateVend(
          tx as unknown as Db,
          v.id,
          {
            routeIndex: next.index,
            provider: next.route,
            vtuLineId: next.line?.id ?? v.vtuLineId,
            providerReference: null,
            updatedAt: at,
          },
          { status: 'PENDING' },
        );
        if (row) {
          await recordVendEvents(tx as unknown as Db, [
            event,
            {
              vendId: v.id,
              type: 'REROUTED',
              provider: next.route,
              message: `${v.provider} failed definitively; trying ${next.route}`,
              at,
            },
          ]);
        }
        return row ?? null;
      });
      if (!moved) return markSettled(ctx, v.id, at);
      v = moved;
      continue;
    }
    return (await recordUnknown(ctx, v, answer, { at, events: [event], endsSync: true })) ?? v;
  }
}

async function markSettled(ctx: AppContext, id: string, at: Date): Promise<VendRow> {
  return markVendSettled(ctx.db, id, at);
}

interface FinalizeOpts {
  at: Date;
  events: VendEventInput[];
  /** This ends the synchronous phase of the request that created the vend. */
  endsSync: boolean;
  actorId?: string | null;
  /**
   * The route the answer is about (a requery's): the vend changes only if it is still on that
   * route. A vend that has moved on to a fallback platform meanwhile is that platform's to
   * settle: an old platform's "failed" must not refund what the new one delivers.
   */
  onRoute?: number;
}

async function queueWebhook(db: Db, v: VendRow, type: WebhookEventType, at: Date) {
  await queueVendWebhook(db, {
    corporateId: v.corporateId,
    vendId: v.id,
    mode: v.mode,
    type,
    at,
    data: vendOut(v),
  });
}

/** PENDING -> SUCCESSFUL (with a reroute of the float when a fallback platform delivered). */
export async function finalizeSuccess(
  ctx: AppContext,
  id: string,
  answer: ProviderAnswer,
  o: FinalizeOpts & { known?: VendRow },
): Promise<VendRow | null> {
  // The common case (the platform that holds the float delivered) is one statement.
  const k = o.known;
  if (k && floatOf(k.provider!) === k.floatAccount) {
    const next: VendRow = {
      ...k,
      status: 'SUCCESSFUL',
      providerReference: answer.providerReference ?? null,
      completedAt: o.at,
      requeryAt: null,
      updatedAt: o.at,
      settledAt: o.endsSync ? o.at : k.settledAt,
    };
    const eventId = newEventId();
    const done = await completeSuccessfulVend(ctx.db, {
      id,
      floatAccount: k.floatAccount,
      providerReference: next.providerReference,
      at: o.at,
      endsSync: o.endsSync,
      events: (
        [
          ...o.events,
          {
            vendId: id,
            type: 'STATUS',
            status: 'SUCCESSFUL',
            provider: k.provider,
            message: answer.message,
            at: o.at,
          },
        ] as VendEventInput[]
      ).map((e) => ({
        type: e.type,
        status: e.status ?? null,
        provider: e.provider ?? null,
        outcome: e.outcome ?? null,
        message: e.message ?? null,
        data: e.data ?? {},
      })),
      webhook: {
        eventId,
        type: 'vend.successful',
        mode: k.mode,
        body: webhookBody(eventId, 'vend.successful', k.mode, o.at, vendOut(next)),
        queue: WEBHOOK_QUEUE,
      },
    });
    if (done) return next;
  }
  const row = await ctx.db.transaction(async (tx) => {
    const done = await updateVend(
      tx as unknown as Db,
      id,
      {
        status: 'SUCCESSFUL',
        providerReference: answer.providerReference ?? null,
        completedAt: o.at,
        requeryAt: null,
        updatedAt: o.at,
        ...(o.endsSync ? { settledAt: o.at } : {}),
      },
      { status: 'PENDING', routeIndex: o.onRoute },
    );
    if (!done) return null;
    let final = done;
    const delivered = floatOf(done.provider!);
    const deliveredLine = delivered === 'VTU_FLOAT' ? done.vtuLineId : null;
    const events = [...o.events];
    if (delivered !== done.floatAccount) {
      const rerouteTransferId = await rerouteVend(tx, accountIdsOf(ctx.db), facts(done), delivered);
      final = (await updateVend(tx as unknown as Db, id, {
        floatAccount: delivered,
        floatLineId: deliveredLine,
        rerouteTransferId,
      }))!;
      events.push({
        vendId: id,
        type: 'REROUTED',
        provider: done.provider,
        message: `Float moved from ${done.floatAccount} to ${delivered}`,
        at: o.at,
      });
    }
    events.push({
      vendId: id,
      type: 'STATUS',
      status: 'SUCCESSFUL',
      provider: done.provider,
      message: answer.message,
      at: o.at,
    });
    await recordVendEvents(tx as unknown as Db, events);
    await queueWebhook(tx as unknown as Db, final, 'vend.successful', o.at);
    return final;
  });
  if (!row && o.endsSync) return markSettled(ctx, id, o.at);
  return row;
}

/** PENDING -> FAILED, with the debit reversed in the same transaction. */
export async function finalizeFailure(
  ctx: AppContext,
  id: string,
  reason: string,
  o: FinalizeOpts,
): Promise<VendRow | null> {
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockVendIn(tx as unknown as Db, id, 'PENDING');
    if (!locked || (o.onRoute !== undefined && locked.routeIndex !== o.onRoute)) return null;
    const debitTransferId = locked.debitTransferId;
    const reversalTransferId = await reverseVend(
      tx,
      accountIdsOf(ctx.db),
      { ...facts(locked), debitTransferId },
      { commissionSettled: false, actorId: o.actorId ?? null, reason },
    );
    const done = (await updateVend(tx as unknown as Db, id, {
      status: 'FAILED',
      debitTransferId,
      failureReason: reason.slice(0, 300),
      reversalTransferId,
      completedAt: o.at,
      requeryAt: null,
      updatedAt: o.at,
      ...(o.endsSync ? { settledAt: o.at } : {}),
    }))!; // the row is locked above: it exists
    await recordVendEvents(tx as unknown as Db, [
      ...o.events,
      { vendId: id, type: 'STATUS', status: 'FAILED', provider: locked.provider, message: reason, at: o.at },
      {
        vendId: id,
        type: 'REVERSAL',
        status: 'FAILED',
        message: `${formatNaira(locked.chargeKobo)} returned to the ${locked.mode === 'TEST' ? 'sandbox wallet' : 'wallet'}`,
        data: { transferId: reversalTransferId },
        actorId: o.actorId ?? null,
        at: o.at,
      },
    ]);
    await queueWebhook(tx as unknown as Db, done, 'vend.failed', o.at);
    return done;
  });
  if (!row && o.endsSync) return markSettled(ctx, id, o.at);
  return row;
}

/** The outcome is not known: stays PENDING, and the requery job will ask. */
async function recordUnknown(
  ctx: AppContext,
  v: VendRow,
  answer: ProviderAnswer,
  o: FinalizeOpts & { count?: number },
): Promise<VendRow | null> {
  const count = o.count ?? v.requeryCount;
  const requeryAt = new Date(o.at.getTime() + requeryDelayMs(count));
  const row = await ctx.db.transaction(async (tx) => {
    const row = await updateVend(
      tx as unknown as Db,
      v.id,
      {
        providerReference: answer.providerReference ?? v.providerReference,
        requeryAt,
        requeryCount: count,
        updatedAt: o.at,
        ...(o.endsSync ? { settledAt: o.at } : {}),
      },
      { status: 'PENDING', routeIndex: o.onRoute },
    );
    if (!row) return null;
    await recordVendEvents(tx as unknown as Db, o.events);
    await enqueue(
      tx as unknown as Db,
      REQUERY_QUEUE,
      { vendId: v.id },
      { runAt: requeryAt, dedupeKey: `requery:${v.id}` },
    );
    return row;
  });
  if (!row && o.endsSync) return markSettled(ctx, v.id, o.at);
  return row;
}

// ---------------------------------------------------------------- requery

/**
 * Asks the provider holding a PENDING vend for its status and acts on a definite answer. A
 * NOT_FOUND counts as a failure only once the grace period after the vend has passed (the
 * request never reached the provider); anything else keeps the vend PENDING.
 */
export async function requeryVend(
  ctx: AppContext,
  id: string,
  o: { now?: Date; actorId?: string | null } = {},
): Promise<{ vend: VendRow; retryAt: Date | null; inProgress?: boolean }> {
  const v = await findVendById(ctx.db, id);
  if (!v) throw notFound('Vend');
  if (v.status !== 'PENDING') return { vend: v, retryAt: null };
  // The request that created the vend is still calling providers (and may yet move it to a
  // fallback): asking now would only race it. Past its crash guard (requery_at, set at
  // creation) the process is presumed dead and the requery goes ahead.
  if (!v.settledAt && v.requeryAt && (o.now ?? new Date()) < v.requeryAt) {
    return { vend: v, retryAt: v.requeryAt, inProgress: true };
  }
  const provider = providerNamed(ctx, v.provider!);
  const answer = await callProvider(
    async () => provider.query(await requestOf(ctx, v)),
    ctx.config.PROVIDER_TIMEOUT_MS,
  );
  const at = o.now ?? new Date();
  const event: VendEventInput = { ...callEvent(v, 'REQUERY', answer, at), actorId: o.actorId ?? null };
  const age = at.getTime() - v.createdAt.getTime();
  let row: VendRow | null;
  if (answer.outcome === 'SUCCESS') {
    row = await finalizeSuccess(ctx, id, answer, {
      at,
      events: [event],
      endsSync: false,
      actorId: o.actorId,
      onRoute: v.routeIndex,
    });
  } else if (answer.outcome === 'FAILED') {
    row = await finalizeFailure(ctx, id, answer.message, {
      at,
      events: [event],
      endsSync: false,
      actorId: o.actorId,
      onRoute: v.routeIndex,
    });
  } else if (answer.outcome === 'NOT_FOUND' && age >= ctx.config.PROVIDER_NOT_FOUND_GRACE_MINUTES * 60_000) {
    row = await finalizeFailure(ctx, id, `The provider has no record of the vend (${answer.message})`, {
      at,
      events: [event],
      endsSync: false,
      actorId: o.actorId,
      onRoute: v.routeIndex,
    });
  } else if (age >= REQUERY_WINDOW_MS) {
    await ctx.db.transaction(async (tx) => {
      await updateVend(
        tx as unknown as Db,
        id,
        { requeryAt: null, updatedAt: at },
        { status: 'PENDING', routeIndex: v.routeIndex },
      );
      await recordVendEvents(tx as unknown as Db, [
        event,
        {
          vendId: id,
          type: 'REQUERY_EXHAUSTED',
          status: 'PENDING',
          message: 'Automatic requeries stopped; requery by hand or contact the provider',
          at,
        },
      ]);
    });
    return { vend: (await findVendById(ctx.db, id))!, retryAt: null };
  } else {
    row = await recordUnknown(ctx, v, answer, {
      at,
      events: [event],
      endsSync: false,
      count: v.requeryCount + 1,
      onRoute: v.routeIndex,
    });
    if (row) return { vend: row, retryAt: row.requeryAt };
  }
  return { vend: row ?? (await findVendById(ctx.db, id))!, retryAt: null };
}

/** A vend is asked about by hand at most once in this many seconds (providers rate-limit us). */
export const MANUAL_REQUERY_COOLDOWN_S = 5;

/** PUT transactions/query: a requery asked for by a person, not more often than the cooldown. */
export async function requeryByHand(
  ctx: AppContext,
  id: string,
  actorId: string,
): Promise<{ vend: VendRow; retryAt: Date | null; inProgress?: boolean }> {
  const last = await lastVendEventAt(ctx.db, id, 'REQUERY');
  const waitMs = last ? last.getTime() + MANUAL_REQUERY_COOLDOWN_S * 1000 - Date.now() : 0;
  if (waitMs > 0) {
    const message = 'This purchase was checked with the provider a moment ago; try again in a few seconds';
    throw new AppError('TOO_MANY_REQUESTS', 429, message, [message], Math.ceil(waitMs / 1000));
  }
  return requeryVend(ctx, id, { actorId });
}

export const requeryJob: JobHandler = async (ctx, job, now) => {
  const { retryAt } = await requeryVend(ctx, String(job.payload.vendId), { now });
  return retryAt ? { retryAt } : undefined;
};

/**
 * Recovery after a crash: PENDING vends whose requery time has passed without a job (the process
 * died between the debit and the provider's answer) get one. Runs every minute.
 */
export const requerySweepJob: JobHandler = async (ctx, _job, now) => {
  const due = await pendingDueIds(ctx.db, now, 500);
  for (const v of due)
    await enqueue(ctx.db, REQUERY_QUEUE, { vendId: v.id }, { runAt: now, dedupeKey: `requery:${v.id}` });
  return { retryAt: new Date(now.getTime() + 60_000) };
};

// ---------------------------------------------------------------- admin reversal

/** SUCCESSFUL -> REVERSED: the client is refunded through the ledger. */
export async function reverseSuccessfulVend(
  ctx: AppContext,
  id: string,
  o: { actorId: string; reason: string },
): Promise<VendRow> {
  const at = new Date();
  const row = await ctx.db.transaction(async (tx) => {
    const locked = await lockVendIn(tx as unknown as Db, id, 'SUCCESSFUL');
    if (!locked) return null;
    const debitTransferId = locked.debitTransferId;
    const reversalTransferId = await reverseVend(
      tx,
      accountIdsOf(ctx.db),
      { ...facts(locked), debitTransferId },
      { commissionSettled: locked.commissionSettlementId !== null, actorId: o.actorId, reason: o.reason },
    );
    const done = (await updateVend(tx as unknown as Db, id, {
      status: 'REVERSED',
      debitTransferId,
      reversalTransferId,
      reversalReason: o.reason,
      reversedById: o.actorId,
      reversedAt: at,
      updatedAt: at,
    }))!; // the row is locked above: it exists
    const refunded =
      locked.mode === 'LIVE' && locked.commissionMode === 'ACCRUED' && locked.commissionSettlementId
        ? locked.amountKobo - locked.commissionKobo
        : locked.chargeKobo;
    await recordVendEvents(tx as unknown as Db, [
      {
        vendId: id,
        type: 'REVERSAL',
        status: 'REVERSED',
        message: `${formatNaira(refunded)} refunded: ${o.reason}`,
        data: { transferId: reversalTransferId },
        actorId: o.actorId,
        at,
      },
      { vendId: id, type: 'STATUS', status: 'REVERSED', message: o.reason, actorId: o.actorId, at },
    ]);
    await queueWebhook(tx as unknown as Db, done, 'vend.reversed', at);
    return done;
  });
  if (!row) {
    const v = await findVendById(ctx.db, id);
    if (!v) throw notFound('Vend');
    throw conflict(
      v.status === 'REVERSED'
        ? 'This vend has already been reversed'
        : `Only a successful vend can be reversed (this one is ${v.status})`,
    );
  }
  return row;
}

// ---------------------------------------------------------------- sandbox money

/** The most the sandbox wallet may hold: test money is free, but not unbounded. */
export const SANDBOX_CAP_KOBO = 1_000_000_000;

/** Adds test money to a client's sandbox wallet, up to SANDBOX_CAP_KOBO. */
export async function fundSandbox(
  ctx: AppContext,
  corporateId: string,
  amountKobo: number,
  actorId: string | null,
) {
  const ids = accountIdsOf(ctx.db);
  const accounts = await ids.corporate(corporateId);
  return ctx.db.transaction(async (tx) => {
    // The sandbox row is locked first so that two top-ups cannot both pass the cap.
    const acc = await lockAccountBalance(tx as unknown as Db, accounts.sandboxWallet);
    if (acc.balance + amountKobo > SANDBOX_CAP_KOBO) {
      throw badRequest(`The sandbox wallet holds at most ${formatNaira(SANDBOX_CAP_KOBO)} of test money`);
    }
    await fundSandboxMoney(tx, ids, { id: randomUUID(), corporateId, amountKobo, actorId });
    return acc.balance + amountKobo;
  });
}
