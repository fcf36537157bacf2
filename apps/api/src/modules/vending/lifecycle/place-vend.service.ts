// Placing a vend (DESIGN §4). A request is normalised and checked (number, network, client
// ACTIVE, service assigned and enabled, amount within bounds); then ONE transaction records the
// vend PENDING and debits the wallet through the ledger (one statement, shared with the other vends
// waiting at the time: vend-debits.ts). A repeated reference is answered with the first result.
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  commissionOf,
  formatNaira,
  isBillKind,
  type Network,
  suggestNetwork,
  type VendChannel,
  type VendKind,
  vendBounds,
  vendBoundsMessage,
  withinVendBounds,
} from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import { readableCode, uuidV7 } from '../../../infra/crypto';
import type { Db } from '../../../infra/db/client';
import { isUniqueViolation } from '../../../infra/db/sql';
import { AppError, badRequest, conflict, notFound } from '../../../infra/errors';
import { type DataPlanRow, planForVend, type ServiceRow, serviceUnavailable } from '../../catalogue';
import { accountIdsOf, asLedgerError, validateTransfer } from '../../ledger';
import { platformSettings } from '../../platform';
import { parseStep, routeSteps } from '../../providers';
import {
  findVendById,
  findVendByReference,
  insertVendWithDebit,
  type NewVend,
  type NewVendBill,
  type VendClient,
  type VendCorporate,
  type VendRow,
  vendClient,
} from '../records/vends.repo';
import { chooseRoute, type Route } from './choose-route';
import { deliver } from './deliver.service';
import { refuseUnmappedPlan } from './plan-gap';
import { ReferenceUsedError } from './vend-debits';
import { debitEntriesOf, debitPosting, debitReference, facts, floatOf } from './vend-money';

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
  type: VendKind;
  amount?: number;
  planCode?: string;
}

export interface VendResult {
  vend: VendRow;
  /** True when the reference had been used with the same request: nothing new happened. */
  replay: boolean;
  /**
   * True when the vend was answered as recorded (PENDING, its debit posted) while the networks are
   * still being called: the caller asked not to wait (VendOptions.respondAsync).
   */
  accepted?: boolean;
}

export interface VendOptions {
  /**
   * The caller does not wait for the network (the API's `Prefer: respond-async`): the answer is
   * the vend as recorded, PENDING with its debit posted, and the providers are called after it,
   * exactly as they would have been; the outcome follows by webhook or by reading the vend. A
   * retry of the reference is answered with the vend as it stands, without waiting either.
   */
  respondAsync?: boolean;
  /**
   * The client's terms and services were read from a remembered API-key read at this API access
   * generation (migration 0020): the debit is refused with StaleAccessError, nothing written, if
   * they have changed since, and the caller decides again on a fresh read.
   */
  accessGeneration?: number;
}

export interface Prepared {
  caller: VendCaller;
  corp: VendCorporate;
  mode: 'LIVE' | 'TEST';
  network: Network;
  reference: string;
  hash: string;
  input: VendInput;
}

/** A route step whose provider sells bills (Reloadly has none here). */
export const sellsBills = (step: string) => {
  const { provider } = parseStep(step);
  return provider === 'VTPASS' || provider === 'SIMULATOR';
};

export interface Resolved extends Prepared {
  service: ServiceRow;
  plan: DataPlanRow | null;
  amountKobo: number;
  chargeKobo: number;
  commissionKobo: number;
  commissionMode: 'UPFRONT' | 'ACCRUED' | 'NONE';
  routes: string[];
  first: Route;
  /**
   * What else is written with the vend, in its one statement (a bill's facts, issue 51): both
   * exist or neither, and a replay of the reference writes neither.
   */
  bill?: NewVendBill;
}

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

/** A client that is not ACTIVE vends nothing and pays no bill (checked before any provider call). */
export function assertClientActive(corp: Pick<VendCorporate, 'status'>): void {
  if (corp.status !== 'ACTIVE')
    throw new AppError(
      'CLIENT_INACTIVE',
      403,
      'This account is inactive and cannot vend. Contact support to reactivate it.',
    );
}

/** The rules: client active, service assigned and enabled (`services`: the client's assigned,
 * active ones, as vendClient reads them), plan, bounds, commission, a route. */
export async function resolveVend(
  ctx: AppContext,
  p: Prepared,
  services: readonly ServiceRow[],
): Promise<Resolved> {
  assertClientActive(p.corp);
  // A reversed card payment the wallet could not give back holds live vending until later funding
  // settles it (funding's card receivables). Test-mode vends move no real money: they go on.
  if (p.corp.vendingHold && p.mode === 'LIVE') {
    throw new AppError(
      'VENDING_SUSPENDED',
      403,
      'Vending is suspended on this account: a card payment credited to your wallet was reversed and the wallet could not cover it. Fund your wallet to settle the outstanding amount; vending resumes once it is settled.',
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
  // One set of bounds, the service's and the platform's largest single vend (platform settings,
  // read from a copy kept a few seconds, so a vend seldom pays a query for it), quoted in one
  // message: the same words as the vend form's hint and check (issue 36 point 17).
  const { maxVendAmountKobo } = await platformSettings(ctx);
  const bounds = vendBounds(service, maxVendAmountKobo);
  if (!withinVendBounds(amountKobo, bounds)) {
    throw new AppError('VALIDATION_ERROR', 400, vendBoundsMessage(bounds, p.network, p.input.type));
  }
  let commissionKobo = 0;
  let commissionMode: Resolved['commissionMode'] = 'NONE';
  // Test vends earn nothing: commission is real money.
  if (p.mode === 'LIVE') {
    commissionKobo = commissionOf(amountKobo, service.commissionBps);
    if (commissionKobo > 0) commissionMode = p.corp.upfrontCommission ? 'UPFRONT' : 'ACCRUED';
  }
  const chargeKobo = commissionMode === 'UPFRONT' ? amountKobo - commissionKobo : amountKobo;
  const steps = await routeSteps(ctx, p.mode, [service.platform, ...service.fallbackPlatforms]);
  // Bills (issue 51) go only through providers that sell them: VTpass, and the simulator.
  const routes = isBillKind(p.input.type) ? steps.filter(sellsBills) : steps;
  const first = await chooseRoute(
    ctx,
    {
      routes,
      network: p.network,
      corporateId: p.corp.id,
      fromApi: p.caller.channel === 'API',
      amountKobo,
      exclude: [],
      dataPlanId: plan?.id ?? null,
    },
    0,
  );
  if (!first) {
    await refuseUnmappedPlan(ctx, { plan, routes, network: p.network });
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      503,
      `No channel can deliver ${p.network} ${p.input.type.toLowerCase()} right now. Try again shortly.`,
    );
  }
  return { ...p, service, plan, amountKobo, chargeKobo, commissionKobo, commissionMode, routes, first };
}

// ---------------------------------------------------------------- replays

export async function awaitSettled(ctx: AppContext, v: VendRow): Promise<VendRow> {
  // The first request is still calling providers; an identical retry waits for its result so
  // that both answers agree. Bounded by the time the provider calls may take, and over at once
  // when the vend is final (whoever settled it) or when its crash guard has passed: the request
  // that created it died, and the requery job owns it now.
  const deadline = Date.now() + ctx.config.PROVIDER_TIMEOUT_MS * Math.max(1, v.routes.length) + 5_000;
  const waiting = (r: VendRow) =>
    !r.settledAt &&
    r.status === 'PENDING' &&
    Date.now() < Math.min(deadline, r.requeryAt?.getTime() ?? deadline);
  let row: VendRow | null = v;
  let wait = 5;
  while (row && waiting(row)) {
    await delay(wait);
    wait = Math.min(wait * 2, 100);
    row = await findVendById(ctx.db, v.id);
  }
  return row ?? v;
}

export async function replay(
  ctx: AppContext,
  existing: VendRow,
  hash: string,
  opts: VendOptions = {},
): Promise<VendResult> {
  if (existing.requestHash !== hash) {
    throw new AppError(
      'IDEMPOTENCY_CONFLICT',
      409,
      `The reference ${existing.reference} was already used for a different request`,
    );
  }
  return { vend: opts.respondAsync ? existing : await awaitSettled(ctx, existing), replay: true };
}

// ---------------------------------------------------------------- vending

/**
 * The vends of a database between their debit and their outcome (a closing server waits for
 * them), and how many of those were answered early (`respondAsync`): at most ASYNC_VEND_LIMIT;
 * past it a new vend waits for its own outcome as if the caller had not asked (the same answer,
 * only later), so a burst cannot pile up provider calls without bound.
 */
interface Running {
  all: Set<Promise<unknown>>;
  early: number;
}
const runningPer = new WeakMap<Db, Running>();

function runningOf(db: Db): Running {
  let r = runningPer.get(db);
  if (!r) {
    r = { all: new Set(), early: 0 };
    runningPer.set(db, r);
  }
  return r;
}

function track(r: Running, p: Promise<unknown>) {
  r.all.add(p);
  void p.then(
    () => r.all.delete(p),
    () => r.all.delete(p),
  );
}

/** Resolves when every vend started on `db` has recorded its outcome (or after `timeoutMs`). */
export async function vendsSettled(db: Db, timeoutMs: number): Promise<void> {
  const running = runningPer.get(db)?.all;
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
export function executeVend(ctx: AppContext, r: Resolved, opts: VendOptions = {}): Promise<VendResult> {
  const p = runVend(ctx, r, opts);
  track(runningOf(ctx.db), p);
  return p;
}

async function runVend(ctx: AppContext, r: Resolved, opts: VendOptions): Promise<VendResult> {
  // Time-ordered (migration 0021): the vends' indexes grow at their right end.
  const id = uuidV7();
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
    provider: parseStep(r.first.route).provider,
    floatAccount,
    floatLineId: floatAccount === 'VTU_FLOAT' ? (r.first.line?.id ?? null) : null,
    vtuLineId: r.first.line?.id ?? null,
    createdById: r.caller.userId ?? null,
    apiKeyId: r.caller.apiKeyId ?? null,
    clientType: r.corp.clientType,
    // If this process dies before the provider answers, the requery sweep finds the vend: at
    // once when other processes see this one gone (placedBy), else after the crash guard.
    requeryAt: new Date(now.getTime() + crashGuardMs),
    placedBy: ctx.dbHandle.instance,
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
      opts.accessGeneration,
      r.bill,
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
    if (err instanceof ReferenceUsedError || isUniqueViolation(err, 'vends_reference_uq')) {
      const existing = await findVendByReference(ctx.db, r.corp.id, r.mode, r.reference);
      if (existing) return replay(ctx, existing, r.hash, opts);
      throw conflict('The reference is being used by another request; try again');
    }
    throw asLedgerError(err);
  }
  // The debit has committed: the low-balance checks run beside the delivery, never in its way.
  if (values.mode === 'LIVE')
    ctx.events.vendDebited(ctx, { corporateId: values.corporateId, vtuLineId: values.floatLineId });
  const running = runningOf(ctx.db);
  if (opts.respondAsync && running.early < ctx.config.ASYNC_VEND_LIMIT) {
    // The same delivery as below, after the answer; a closing server waits for it too. An error
    // leaves the vend PENDING with its requery due (requeryAt), as it would have after a
    // synchronous delivery's error, and there is no request left to answer with it: logged.
    running.early++;
    const delivery = deliver(ctx, created)
      .catch((err) => ctx.log.error({ err, vendId: id }, 'vend delivery failed after an async answer'))
      .finally(() => {
        running.early--;
      });
    track(running, delivery);
    return { vend: created, replay: false, accepted: true };
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
  opts: VendOptions = {},
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
    if (existing) return replay(ctx, existing, p.hash, opts);
    throw err;
  }
  // A reference already used is found by the vend's insert itself (executeVend replays it).
  return executeVend(ctx, resolved, opts);
}
