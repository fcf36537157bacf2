// Upstream providers behind one interface (vend, query status, balance), the built-in simulator,
// and the registry that finds the provider of a route step. A provider (SIMULATOR, VTPASS,
// RELOADLY) is not a platform (AGGREGATOR, VTU): a platform is served by an ordered list of
// providers (routing.service.ts), and a vend's route is a list of steps "PLATFORM:PROVIDER".
// The simulator is deterministic by phone number (SIMULATOR_TEST_NUMBERS in shared) and serves
// test mode, development and tests; VTpass and Reloadly are adapters over their HTTP APIs.
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Network, Platform, ServiceType } from '@vendport/shared';
import type { ProviderId } from '../../infra/config';
import {
  type BillFacts,
  type BillPayRequest,
  type BillVariation,
  type BillVerifyAnswer,
  type BillVerifyRequest,
  SIM_BOUQUETS,
  simulatedBillBehaviour,
  simulatedFacts,
  simulatedVerification,
} from './bills';

/**
 * SUCCESS and FAILED are definite. PENDING (the provider accepted it and will finish later),
 * TIMEOUT (no answer in time) and ERROR (the call broke: we cannot know whether it arrived) are
 * unknown outcomes: the vend stays PENDING and is requeried, never reversed on a guess.
 * NOT_FOUND (query only): the provider has no record of the reference.
 */
export type ProviderOutcome =
  | 'SUCCESS'
  | 'FAILED'
  | 'PENDING'
  | 'TIMEOUT'
  | 'ERROR'
  | 'NOT_FOUND'
  /** Delivered earlier, then reversed by the provider (query only): the vend is undone. */
  | 'REVERSED';

export interface ProviderAnswer {
  outcome: ProviderOutcome;
  message: string;
  providerReference?: string | null;
  /**
   * For FAILED: RECIPIENT (invalid number, another network, recharged too recently) ends the vend;
   * PROVIDER (their float, their service down) fails over to the next provider. Unset means
   * PROVIDER: the simulator's line rejection and the old answers were always failed over.
   */
  failureKind?: 'RECIPIENT' | 'PROVIDER';
  /** FAILED because the provider refused us (credentials, IP, account, malformed request): counted
   * as a refusal by the breaker (health.service.ts). */
  refusal?: boolean;
  /** FAILED for the provider's own balance (VTpass 018, Reloadly INSUFFICIENT_BALANCE): its balance
   * is read again at once (balance.service.ts). */
  lowBalance?: boolean;
  /** The exchange as the provider answered it, kept on the attempt for support. */
  raw?: unknown;
  /** A bill's SUCCESS: the token, units and receipt the customer needs (never logged in full). */
  bill?: BillFacts;
}

export interface VendRequest {
  /** Our vend code (the simulator's key: its answers are decided by it). */
  reference: string;
  /**
   * The request id of this attempt (made once, reused by every requery of it); the vend code for
   * the simulator.
   */
  requestId: string;
  /** The provider's own reference from an earlier answer (Reloadly's transactionId). */
  providerReference: string | null;
  /** The provider's code for the data plan (provider_plans); null for airtime and the simulator. */
  providerPlanCode: string | null;
  msisdn: string;
  network: Network;
  serviceType: ServiceType;
  amountKobo: number;
  planCode: string | null;
  /** The dealer line to vend from (VTU platform only). */
  line: { id: string; msisdn: string } | null;
  /** The call's deadline (callProvider): an adapter passes it to every request it sends, so nothing
   * goes out once the vend was recorded as timed out. */
  signal?: AbortSignal;
  /** A bill vend's payment (ELECTRICITY or TV); absent for airtime and data. */
  bill?: BillPayRequest | null;
}

/** One transaction as a provider's own report lists it (the reconciliation's other side). */
export interface ProviderRecord {
  /** Our request id as the provider keeps it (Reloadly's customIdentifier). */
  requestId: string | null;
  providerReference: string;
  status: 'SUCCESSFUL' | 'FAILED' | 'REFUNDED' | 'PROCESSING';
  amountKobo: number;
  /** What the provider kept back from its charge (its discount: our commission from it). */
  discountKobo: number;
}

export interface Provider {
  readonly name: string;
  /**
   * Every transaction of a period as the provider records it, where the provider has such a report
   * (Reloadly's transactions report); a provider without one is reconciled by requery. Throws when
   * the report cannot be read whole.
   */
  transactionsBetween?(start: Date, end: Date): Promise<ProviderRecord[]>;
  vend(req: VendRequest): Promise<ProviderAnswer>;
  query(req: VendRequest): Promise<ProviderAnswer>;
  /** The balance the provider reports for a line (VTU) or for the platform's account. */
  balance(req: {
    line: { id: string; msisdn: string } | null;
    bookFloatKobo: number;
    signal?: AbortSignal;
  }): Promise<{ balanceKobo: number }>;
  /** Bills: the provider verifies a customer number (VTpass merchant-verify); absent: no bills. */
  verifyBill?(req: BillVerifyRequest): Promise<BillVerifyAnswer>;
  /** Bills: a TV biller's bouquets as the provider lists them (VTpass service-variations). */
  billVariations?(billerCode: string, serviceId: string): Promise<BillVariation[]>;
}

export class ProviderTimeoutError extends Error {
  constructor(message = 'The provider did not answer in time') {
    super(message);
  }
}

type Behaviour = {
  vend: ProviderOutcome;
  query: ProviderOutcome;
  /** The words of the vend call's answer. */
  message: string;
  /**
   * The words of a query's answer when they differ from the call's: a vend queued at first and
   * refused later says why it was refused, not that it was queued (issue 36 point 18).
   */
  queryMessage?: string;
  kind?: 'RECIPIENT' | 'PROVIDER';
};

const ORDINARY: Behaviour = { vend: 'SUCCESS', query: 'SUCCESS', message: 'Delivered' };

/** The simulator's table; keep it in step with SIMULATOR_TEST_NUMBERS in shared. */
function behaviourOf(msisdn: string, provider: string): Behaviour {
  switch (msisdn) {
    case '+2348000000002':
      return { vend: 'FAILED', query: 'FAILED', message: 'Invalid subscriber', kind: 'RECIPIENT' };
    case '+2348000000003':
      return { vend: 'PENDING', query: 'SUCCESS', message: 'Queued at the network' };
    case '+2348000000004':
      return {
        vend: 'PENDING',
        query: 'FAILED',
        message: 'Queued at the network',
        queryMessage: 'Network rejected the recharge',
      };
    case '+2348000000005':
      return { vend: 'TIMEOUT', query: 'SUCCESS', message: 'Delivered' };
    case '+2348000000006':
      return { vend: 'TIMEOUT', query: 'FAILED', message: 'Network rejected the recharge' };
    case '+2348000000007':
      return { vend: 'PENDING', query: 'PENDING', message: 'Still queued at the network' };
    case '+2348000000008':
      return provider === 'VTU'
        ? { vend: 'FAILED', query: 'FAILED', message: 'Line rejected the recharge', kind: 'PROVIDER' }
        : ORDINARY;
    case '+2348000000009':
      return { vend: 'TIMEOUT', query: 'NOT_FOUND', message: 'Unknown reference' };
    default:
      return ORDINARY;
  }
}

/**
 * The simulator's fault profile for ordinary numbers (the fault run, `npm run bench:faults`): a
 * share of definite failures and of timeouts, and a random extra latency. Off by default.
 */
export interface SimulatorFaults {
  failurePercent: number;
  timeoutPercent: number;
  jitterMs: number;
}

export const NO_FAULTS: SimulatorFaults = { failurePercent: 0, timeoutPercent: 0, jitterMs: 0 };

/**
 * What the simulator does with an ordinary number under a fault profile, decided by the vend's
 * reference alone, so every process (and the fault run's own check) gets the same answer, and
 * the provider "remembers" a vend across our crashes: a definite failure fails on the call and on
 * every query; a timeout's query says whether it was delivered (half of them) or not.
 */
export function simulatedFault(reference: string, f: SimulatorFaults): Behaviour | null {
  if (f.failurePercent === 0 && f.timeoutPercent === 0) return null;
  const h = createHash('sha256').update(reference).digest();
  const bucket = h.readUInt32BE(0) % 10_000;
  if (bucket < f.failurePercent * 100)
    return { vend: 'FAILED', query: 'FAILED', message: 'Invalid subscriber' };
  if (bucket < (f.failurePercent + f.timeoutPercent) * 100)
    return h[4] % 2 === 0
      ? { vend: 'TIMEOUT', query: 'SUCCESS', message: 'Delivered' }
      : { vend: 'TIMEOUT', query: 'FAILED', message: 'Network rejected the recharge' };
  return null;
}

export class SimulatorProvider implements Provider {
  constructor(
    readonly name: string,
    private readonly latencyMs: number,
    private readonly faults: SimulatorFaults = NO_FAULTS,
  ) {}

  private async wait() {
    const jitter = this.faults.jitterMs > 0 ? Math.floor(Math.random() * (this.faults.jitterMs + 1)) : 0;
    if (this.latencyMs + jitter > 0) await delay(this.latencyMs + jitter);
  }

  private behaviour(req: VendRequest): Behaviour {
    const b = behaviourOf(req.msisdn, this.name);
    return b === ORDINARY ? (simulatedFault(req.reference, this.faults) ?? b) : b;
  }

  private answer(outcome: ProviderOutcome, req: VendRequest, b: Behaviour, message: string): ProviderAnswer {
    if (outcome === 'TIMEOUT') throw new ProviderTimeoutError();
    const ok = outcome === 'SUCCESS' || outcome === 'PENDING';
    return {
      outcome,
      message: outcome === 'SUCCESS' ? 'Delivered' : message,
      providerReference: ok ? `SIM-${this.name}-${req.reference}` : null,
      ...(outcome === 'FAILED' ? { failureKind: b.kind ?? 'PROVIDER' } : {}),
    };
  }

  /** A bill: decided by its customer number (bills.ts), never by the fault profile. */
  private billAnswer(req: VendRequest, bill: BillPayRequest, query: boolean): ProviderAnswer {
    const b = simulatedBillBehaviour(bill);
    const outcome = query ? b.query : b.vend;
    const providerReference = outcome === 'FAILED' ? null : `SIM-${this.name}-${req.reference}`;
    if (outcome === 'SUCCESS')
      return {
        outcome,
        message: 'Paid',
        providerReference,
        bill: simulatedFacts(bill, req.reference, req.amountKobo),
      };
    if (outcome === 'FAILED')
      return { outcome, message: b.message, providerReference, failureKind: 'RECIPIENT' };
    return { outcome, message: b.message, providerReference };
  }

  async verifyBill(req: BillVerifyRequest): Promise<BillVerifyAnswer> {
    await this.wait();
    return simulatedVerification(req);
  }

  async billVariations(billerCode: string): Promise<BillVariation[]> {
    return SIM_BOUQUETS[billerCode] ?? [];
  }

  async vend(req: VendRequest): Promise<ProviderAnswer> {
    await this.wait();
    if (req.bill) return this.billAnswer(req, req.bill, false);
    const b = this.behaviour(req);
    return this.answer(b.vend, req, b, b.message);
  }

  async query(req: VendRequest): Promise<ProviderAnswer> {
    await this.wait();
    if (req.bill) return this.billAnswer(req, req.bill, true);
    const b = this.behaviour(req);
    if (b.query === 'NOT_FOUND') return { outcome: 'NOT_FOUND', message: b.message, providerReference: null };
    return this.answer(b.query, req, b, b.queryMessage ?? b.message);
  }

  /** The simulator has no telco behind it: it reports the float our own books hold. */
  async balance(req: {
    line: { id: string; msisdn: string } | null;
    bookFloatKobo: number;
  }): Promise<{ balanceKobo: number }> {
    await this.wait();
    return { balanceKobo: req.bookFloatKobo };
  }
}

export interface ProviderRegistry {
  /** The simulator serving a live platform (its table differs on VTU: the line rejection). */
  forPlatform(platform: Platform): Provider;
  /** Test mode's provider: always the simulator. */
  sandbox: Provider;
  /** The real upstreams that are configured (their keys set), by id. */
  upstreams?: Partial<Record<Exclude<ProviderId, 'SIMULATOR'>, Provider>>;
}

/** Test mode's platform: its route is the one step SANDBOX:SIMULATOR. */
export const SANDBOX_PLATFORM = 'SANDBOX';

/** A route step: the platform and the provider serving it. */
export interface RouteStep {
  platform: string;
  provider: ProviderId;
}

export const stepOf = (platform: string, provider: ProviderId) => `${platform}:${provider}`;

/** A step as the vend records it; a step from before migration 0028 (a platform alone) is the simulator. */
export function parseStep(step: string): RouteStep {
  const at = step.indexOf(':');
  if (at < 0) return { platform: step, provider: 'SIMULATOR' };
  return { platform: step.slice(0, at), provider: step.slice(at + 1) as ProviderId };
}

export function simulatorRegistry(latencyMs: number, faults: SimulatorFaults = NO_FAULTS): ProviderRegistry {
  const byPlatform: Record<Platform, Provider> = {
    AGGREGATOR: new SimulatorProvider('AGGREGATOR', latencyMs, faults),
    VTU: new SimulatorProvider('VTU', latencyMs, faults),
  };
  return { forPlatform: (p) => byPlatform[p], sandbox: new SimulatorProvider(SANDBOX_PLATFORM, latencyMs) };
}

/**
 * Calls a provider with a time limit. Any throw becomes an unknown outcome (TIMEOUT or ERROR):
 * the request may have reached the provider, so nothing may be reversed on it. At the limit the
 * signal handed to `fn` is aborted too, so the adapter's requests in flight are cut and none is sent
 * after it (issue 49: a Reloadly top-up after its token and operator calls took the time).
 */
export async function callProvider(
  fn: (signal: AbortSignal) => Promise<ProviderAnswer>,
  timeoutMs: number,
): Promise<ProviderAnswer & { durationMs: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new AbortController();
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      deadline.abort(new ProviderTimeoutError());
      reject(new ProviderTimeoutError());
    }, timeoutMs);
  });
  try {
    const answer = await Promise.race([fn(deadline.signal), timeout]);
    return { ...answer, durationMs: Date.now() - started };
  } catch (err) {
    const outcome: ProviderOutcome = err instanceof ProviderTimeoutError ? 'TIMEOUT' : 'ERROR';
    const message = err instanceof Error ? err.message.slice(0, 300) : 'Provider call failed';
    return { outcome, message, providerReference: null, durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
