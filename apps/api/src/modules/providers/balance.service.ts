// Reading a real upstream's balance and keeping it (provider_balances): the admin's refresh and the
// schedule (provider-admin, which adds the low-balance alert), and a vend that was refused for the
// provider's balance (issue 49: VTpass 018, Reloadly INSUFFICIENT_BALANCE), so chooseRoute stops
// sending it first at once instead of until the next scheduled read, up to ten minutes later.
import { UPSTREAM_PROVIDER_LABELS } from '@vendport/shared';
import type { ProviderId } from '../../infra/config';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { recordProviderBalance } from './providers.repo';
import { providersOf } from './registry';
import { forgetPlatformRoutes } from './routing.service';

export type RealProvider = Exclude<ProviderId, 'SIMULATOR'>;
export type UpstreamBalance = { balanceKobo: number | null; error: string | null };

/** Asks the provider for its balance and records the answer (or why not); never throws. */
export async function readUpstreamBalance(
  ctx: AppContext,
  id: RealProvider,
  now = new Date(),
): Promise<UpstreamBalance> {
  const provider = providersOf(ctx).upstreams?.[id];
  const started = Date.now();
  let balanceKobo: number | null = null;
  let error: string | null = null;
  if (!provider) error = `${UPSTREAM_PROVIDER_LABELS[id]} is not configured on this server`;
  else {
    try {
      ({ balanceKobo } = await provider.balance({
        line: null,
        bookFloatKobo: 0,
        signal: AbortSignal.timeout(ctx.config.PROVIDER_TIMEOUT_MS),
      }));
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 300) || 'The balance read failed';
    }
  }
  await recordProviderBalance(ctx.db, {
    provider: id,
    balanceKobo,
    error,
    durationMs: Date.now() - started,
    at: now,
  });
  // The route's cached balances (routing.service.ts) are read again on the next vend.
  forgetPlatformRoutes(ctx.db);
  return { balanceKobo, error };
}

const refreshing = new WeakMap<Db, Map<string, Promise<UpstreamBalance>>>();

/** The balance read after an "insufficient balance" answer: one at a time per provider and process,
 * however many vends were refused together. */
export function refreshAfterLowBalance(ctx: AppContext, id: RealProvider): Promise<UpstreamBalance> {
  const inFlight = refreshing.get(ctx.db) ?? new Map<string, Promise<UpstreamBalance>>();
  refreshing.set(ctx.db, inFlight);
  const running = inFlight.get(id);
  if (running) return running;
  const p = readUpstreamBalance(ctx, id).finally(() => inFlight.delete(id));
  inFlight.set(id, p);
  return p;
}
