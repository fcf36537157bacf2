// Which providers serve each platform, in failover order (issue 32): the order an admin saved on
// the Providers screen wins over AGGREGATOR_PROVIDERS / VTU_PROVIDERS (infra/config.ts), and only
// configured providers count (in production never the simulator). An empty list turns the platform
// off. Read on every vend, so kept a few seconds per database.
import { PLATFORMS, type Platform } from '@vendport/shared';
import type { ProviderId } from '../../infra/config';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { type ProviderBalanceRow, providerBalanceRows, savedPlatformProviders } from './providers.repo';
import { SANDBOX_PLATFORM, stepOf } from './providers.service';

const CACHE_MS = 5_000;

export interface PlatformRoute {
  platform: Platform;
  /** What vends use: the saved (or environment) order, without providers this server cannot use. */
  providers: ProviderId[];
  /** Where the order comes from. */
  source: 'ADMIN' | 'ENVIRONMENT';
  /** Named in the order but not usable here (keys not set, or the simulator in production). */
  unusable: ProviderId[];
}

interface Cached {
  at: number;
  routes: Record<Platform, PlatformRoute>;
  balances: Map<string, number>;
}
const cache = new WeakMap<Db, Cached>();

export const forgetPlatformRoutes = (db: Db) => cache.delete(db);

/** A provider this server can send a live vend to. */
export const usable = (ctx: Pick<AppContext, 'config'>, p: ProviderId) =>
  ctx.config.configuredProviders.includes(p) && !(p === 'SIMULATOR' && ctx.config.NODE_ENV === 'production');

async function load(ctx: Pick<AppContext, 'config' | 'db'>): Promise<Cached> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit;
  const [saved, balances] = await Promise.all([savedPlatformProviders(ctx.db), providerBalanceRows(ctx.db)]);
  const routes = {} as Record<Platform, PlatformRoute>;
  for (const platform of PLATFORMS) {
    const row = saved.find((r) => r.platform === platform);
    const named = (row?.providers ?? ctx.config.platformProviders[platform]) as ProviderId[];
    routes[platform] = {
      platform,
      providers: named.filter((p) => usable(ctx, p)),
      source: row ? 'ADMIN' : 'ENVIRONMENT',
      unusable: named.filter((p) => !usable(ctx, p)),
    };
  }
  const value: Cached = { at: Date.now(), routes, balances: balanceMap(balances) };
  cache.set(ctx.db, value);
  return value;
}

const balanceMap = (rows: ProviderBalanceRow[]) =>
  new Map(rows.filter((r) => r.balanceKobo !== null).map((r) => [r.provider, r.balanceKobo as number]));

export async function platformRoutes(
  ctx: Pick<AppContext, 'config' | 'db'>,
): Promise<Record<Platform, PlatformRoute>> {
  return (await load(ctx)).routes;
}

/** The last balance each upstream reported (kobo); a provider never read is absent. */
export async function knownBalances(ctx: Pick<AppContext, 'config' | 'db'>): Promise<Map<string, number>> {
  return (await load(ctx)).balances;
}

/**
 * The route steps of a live vend: each platform (the service's, then its fallbacks) with each of
 * its providers in order. Test mode is always the simulator.
 */
export async function routeSteps(
  ctx: Pick<AppContext, 'config' | 'db'>,
  mode: 'LIVE' | 'TEST',
  platforms: string[],
): Promise<string[]> {
  if (mode === 'TEST') return [stepOf(SANDBOX_PLATFORM, 'SIMULATOR')];
  const routes = await platformRoutes(ctx);
  return platforms.flatMap((p) => (routes[p as Platform]?.providers ?? []).map((id) => stepOf(p, id)));
}
