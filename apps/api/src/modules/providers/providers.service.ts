// Upstream providers behind one interface (vend, query status, balance), the built-in simulator,
// and the registry that maps a platform to its provider. The simulator is deterministic by phone
// number (SIMULATOR_TEST_NUMBERS in shared) and serves test mode, the embedded default and tests;
// a real aggregator or VTU adapter is one more implementation of Provider.
import { createHash } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import type { Network, Platform, ServiceType } from '@vendport/shared';
import type { AppContext } from '../../infra/context';

/**
 * SUCCESS and FAILED are definite. PENDING (the provider accepted it and will finish later),
 * TIMEOUT (no answer in time) and ERROR (the call broke: we cannot know whether it arrived) are
 * unknown outcomes: the vend stays PENDING and is requeried, never reversed on a guess.
 * NOT_FOUND (query only): the provider has no record of the reference.
 */
export type ProviderOutcome = 'SUCCESS' | 'FAILED' | 'PENDING' | 'TIMEOUT' | 'ERROR' | 'NOT_FOUND';

export interface ProviderAnswer {
  outcome: ProviderOutcome;
  message: string;
  providerReference?: string | null;
}

export interface VendRequest {
  /** Our vend code: sent as the provider's idempotency key and used to query later. */
  reference: string;
  msisdn: string;
  network: Network;
  serviceType: ServiceType;
  amountKobo: number;
  planCode: string | null;
  /** The dealer line to vend from (VTU platform only). */
  line: { id: string; msisdn: string } | null;
}

export interface Provider {
  readonly name: string;
  vend(req: VendRequest): Promise<ProviderAnswer>;
  query(req: VendRequest): Promise<ProviderAnswer>;
  /** The balance the provider reports for a line (VTU) or for the platform's account. */
  balance(req: {
    line: { id: string; msisdn: string } | null;
    bookFloatKobo: number;
  }): Promise<{ balanceKobo: number }>;
}

export class ProviderTimeoutError extends Error {
  constructor(message = 'The provider did not answer in time') {
    super(message);
  }
}

type Behaviour = { vend: ProviderOutcome; query: ProviderOutcome; message: string };

const ORDINARY: Behaviour = { vend: 'SUCCESS', query: 'SUCCESS', message: 'Delivered' };

/** The simulator's table; keep it in step with SIMULATOR_TEST_NUMBERS in shared. */
function behaviourOf(msisdn: string, provider: string): Behaviour {
  switch (msisdn) {
    case '+2348000000002':
      return { vend: 'FAILED', query: 'FAILED', message: 'Invalid subscriber' };
    case '+2348000000003':
      return { vend: 'PENDING', query: 'SUCCESS', message: 'Queued at the network' };
    case '+2348000000004':
      return { vend: 'PENDING', query: 'FAILED', message: 'Queued at the network' };
    case '+2348000000005':
      return { vend: 'TIMEOUT', query: 'SUCCESS', message: 'Delivered' };
    case '+2348000000006':
      return { vend: 'TIMEOUT', query: 'FAILED', message: 'Network rejected the recharge' };
    case '+2348000000007':
      return { vend: 'PENDING', query: 'PENDING', message: 'Still queued at the network' };
    case '+2348000000008':
      return provider === 'VTU'
        ? { vend: 'FAILED', query: 'FAILED', message: 'Line rejected the recharge' }
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

  private answer(outcome: ProviderOutcome, req: VendRequest, message: string): ProviderAnswer {
    if (outcome === 'TIMEOUT') throw new ProviderTimeoutError();
    const ok = outcome === 'SUCCESS' || outcome === 'PENDING';
    return {
      outcome,
      message: outcome === 'SUCCESS' ? 'Delivered' : message,
      providerReference: ok ? `SIM-${this.name}-${req.reference}` : null,
    };
  }

  async vend(req: VendRequest): Promise<ProviderAnswer> {
    await this.wait();
    const b = this.behaviour(req);
    return this.answer(b.vend, req, b.message);
  }

  async query(req: VendRequest): Promise<ProviderAnswer> {
    await this.wait();
    const b = this.behaviour(req);
    if (b.query === 'NOT_FOUND') return { outcome: 'NOT_FOUND', message: b.message, providerReference: null };
    return this.answer(b.query, req, b.message);
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
  /** The provider of a live platform. */
  forPlatform(platform: Platform): Provider;
  /** Test mode's provider: always the simulator. */
  sandbox: Provider;
}

export const SANDBOX_PROVIDER = 'SANDBOX';

export function simulatorRegistry(latencyMs: number, faults: SimulatorFaults = NO_FAULTS): ProviderRegistry {
  const byPlatform: Record<Platform, Provider> = {
    AGGREGATOR: new SimulatorProvider('AGGREGATOR', latencyMs, faults),
    VTU: new SimulatorProvider('VTU', latencyMs, faults),
  };
  return { forPlatform: (p) => byPlatform[p], sandbox: new SimulatorProvider(SANDBOX_PROVIDER, latencyMs) };
}

const registries = new WeakMap<AppContext, ProviderRegistry>();

/** The app's providers: simulators unless a test (or a real adapter's wiring) installed others. */
export function providersOf(ctx: AppContext): ProviderRegistry {
  let r = registries.get(ctx);
  if (!r) {
    r = simulatorRegistry(ctx.config.SIMULATOR_LATENCY_MS, {
      failurePercent: ctx.config.SIMULATOR_FAILURE_PERCENT,
      timeoutPercent: ctx.config.SIMULATOR_TIMEOUT_PERCENT,
      jitterMs: ctx.config.SIMULATOR_LATENCY_JITTER_MS,
    });
    registries.set(ctx, r);
  }
  return r;
}

export function installProviders(ctx: AppContext, registry: ProviderRegistry) {
  registries.set(ctx, registry);
}

/** The provider that holds a vend, by its recorded name. */
export function providerNamed(ctx: AppContext, name: string): Provider {
  const r = providersOf(ctx);
  if (name === SANDBOX_PROVIDER) return r.sandbox;
  return r.forPlatform(name as Platform);
}

/**
 * Calls a provider with a time limit. Any throw becomes an unknown outcome (TIMEOUT or ERROR):
 * the request may have reached the provider, so nothing may be reversed on it.
 */
export async function callProvider(
  fn: () => Promise<ProviderAnswer>,
  timeoutMs: number,
): Promise<ProviderAnswer & { durationMs: number }> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderTimeoutError()), timeoutMs);
  });
  try {
    const answer = await Promise.race([fn(), timeout]);
    return { ...answer, durationMs: Date.now() - started };
  } catch (err) {
    const outcome: ProviderOutcome = err instanceof ProviderTimeoutError ? 'TIMEOUT' : 'ERROR';
    const message = err instanceof Error ? err.message.slice(0, 300) : 'Provider call failed';
    return { outcome, message, providerReference: null, durationMs: Date.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
