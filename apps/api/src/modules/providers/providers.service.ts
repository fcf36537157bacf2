// Upstream providers behind one interface (vend, query status, balance), the built-in simulator,
// and the registry that maps a platform to its provider. The simulator is deterministic by phone
// number (SIMULATOR_TEST_NUMBERS in shared) and serves test mode, the embedded default and tests;
// a real aggregator or VTU adapter is one more implementation of Provider.
import { setTimeout as delay } from 'node:timers/promises';
import type { Network, Platform, ServiceType } from '@vendport/shared';
import type { AppContext } from '../../context';

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

export class SimulatorProvider implements Provider {
  constructor(
    readonly name: string,
    private readonly latencyMs: number,
  ) {}

  private async wait() {
    if (this.latencyMs > 0) await delay(this.latencyMs);
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
    const b = behaviourOf(req.msisdn, this.name);
    return this.answer(b.vend, req, b.message);
  }

  async query(req: VendRequest): Promise<ProviderAnswer> {
    await this.wait();
    const b = behaviourOf(req.msisdn, this.name);
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

export function simulatorRegistry(latencyMs: number): ProviderRegistry {
  const byPlatform: Record<Platform, Provider> = {
    AGGREGATOR: new SimulatorProvider('AGGREGATOR', latencyMs),
    VTU: new SimulatorProvider('VTU', latencyMs),
  };
  return { forPlatform: (p) => byPlatform[p], sandbox: new SimulatorProvider(SANDBOX_PROVIDER, latencyMs) };
}

const registries = new WeakMap<AppContext, ProviderRegistry>();

/** The app's providers: simulators unless a test (or a real adapter's wiring) installed others. */
export function providersOf(ctx: AppContext): ProviderRegistry {
  let r = registries.get(ctx);
  if (!r) {
    r = simulatorRegistry(ctx.config.SIMULATOR_LATENCY_MS);
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
