// The admin Providers screen (issue 32 item 8): each upstream provider with its keys, its last
// balance and its last day of attempts; the provider order per platform, which an admin saves here
// (it then wins over AGGREGATOR_PROVIDERS / VTU_PROVIDERS); reading a real upstream's balance now
// or on the schedule, with one alert to the admins each time it drops below the low-balance line.
import {
  formatNaira,
  PLATFORMS,
  type Platform,
  type PlatformRouteView,
  type ProvidersScreenView,
  UPSTREAM_PROVIDER_LABELS,
  type UpstreamProviderView,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import { PROVIDER_IDS, type ProviderId } from '../../infra/config';
import type { AppContext } from '../../infra/context';
import { badRequest } from '../../infra/errors';
import { callerOf, type RequestContext } from '../../infra/request-context';
import { notifyAdmins } from '../notifications';
import {
  claimLowAlert,
  forgetPlatformRoutes,
  markLowAlert,
  type PlatformRoute,
  platformRoutes,
  providerBalanceRows,
  readUpstreamBalance,
  savePlatformProviders,
  usable,
} from '../providers';
import { type AttemptStats, attemptStats } from '../vending';
import { providerHealthViews } from './provider-health.service';

type RealProvider = Exclude<ProviderId, 'SIMULATOR'>;
const DAY_MS = 24 * 60 * 60_000;

const isProvider = (id: string): id is ProviderId => (PROVIDER_IDS as readonly string[]).includes(id);
const isPlatform = (p: string): p is Platform => (PLATFORMS as readonly string[]).includes(p);

/** The balance under which the admins are alerted, in kobo (0: never). */
export const lowBalanceKoboOf = (ctx: Pick<AppContext, 'config'>) =>
  ctx.config.PROVIDER_LOW_BALANCE_NAIRA * 100;

/** The real upstreams whose keys are set on this server. */
export const configuredUpstreams = (ctx: Pick<AppContext, 'config'>): RealProvider[] =>
  ctx.config.configuredProviders.filter((p): p is RealProvider => p !== 'SIMULATOR');

function statsOf(id: string, s: AttemptStats | undefined): UpstreamProviderView['last24h'] {
  const successful = s?.successful ?? 0;
  const failed = s?.failed ?? 0;
  const reversed = s?.reversed ?? 0;
  // A refunded vend answered, and did not stay delivered: it counts against the rate.
  const answered = successful + failed + reversed;
  return {
    counted: id !== 'SIMULATOR',
    attempts: s?.attempts ?? 0,
    successful,
    failed,
    reversed,
    successRate: answered ? Math.round((successful / answered) * 1000) / 10 : null,
    p50Ms: s?.p50Ms ?? null,
    p95Ms: s?.p95Ms ?? null,
    unknownOpen: s?.unknownOpen ?? 0,
  };
}

/** Why a platform takes no vends, in plain words (null when it has a provider). */
export function routeNote(r: Pick<PlatformRoute, 'platform' | 'providers' | 'unusable'>): string | null {
  if (r.providers.length > 0) return null;
  const off = `${r.platform} vends are off until one is set`;
  if (r.unusable.length === 0) return `No provider: ${off}`;
  const named = r.unusable.map((p) => UPSTREAM_PROVIDER_LABELS[p]).join(', ');
  return `No usable provider (${named} ${r.unusable.length === 1 ? 'is' : 'are'} not configured on this server): ${off}`;
}

const routeOut = (r: PlatformRoute): PlatformRouteView => ({
  platform: r.platform,
  providers: r.providers,
  source: r.source,
  unusable: r.unusable,
  note: routeNote(r),
});

/** Everything the Providers screen shows. */
export async function providersScreen(ctx: AppContext, now = new Date()): Promise<ProvidersScreenView> {
  const [routes, balances, stats, health] = await Promise.all([
    platformRoutes(ctx),
    providerBalanceRows(ctx.db),
    attemptStats(ctx.db, new Date(now.getTime() - DAY_MS)),
    providerHealthViews(ctx, now),
  ]);
  const low = lowBalanceKoboOf(ctx);
  const providers = PROVIDER_IDS.map((id): UpstreamProviderView => {
    const b = balances.find((r) => r.provider === id);
    const balanceKobo = b?.balanceKobo ?? null;
    return {
      id,
      name: UPSTREAM_PROVIDER_LABELS[id],
      configured: ctx.config.configuredProviders.includes(id),
      usable: usable(ctx, id),
      hasBalance: id !== 'SIMULATOR',
      balanceKobo,
      balanceCheckedAt: b && (b.balanceKobo !== null || b.error) ? b.checkedAt.toISOString() : null,
      balanceError: b?.error ?? null,
      lowBalance: balanceKobo !== null && low > 0 && balanceKobo < low,
      last24h: statsOf(
        id,
        stats.find((s) => s.provider === id),
      ),
      health: health.get(id) ?? null,
    };
  });
  return { providers, platforms: PLATFORMS.map((p) => routeOut(routes[p])), lowBalanceKobo: low };
}

/** Saves a platform's provider order (empty: the platform is off); it wins over the environment. */
export async function saveRoutes(
  ctx: AppContext,
  rc: RequestContext,
  input: { platform: string; providers: string[] },
): Promise<PlatformRouteView> {
  const me = callerOf(rc);
  const platform = input.platform.toUpperCase();
  if (!isPlatform(platform))
    throw badRequest(`Unknown platform ${input.platform}: choose ${PLATFORMS.join(' or ')}`);
  const errors: string[] = [];
  const seen = new Set<string>();
  for (const raw of input.providers) {
    const id = raw.toUpperCase();
    if (!isProvider(id)) errors.push(`Unknown provider ${raw}: choose from ${PROVIDER_IDS.join(', ')}`);
    else if (seen.has(id)) errors.push(`${UPSTREAM_PROVIDER_LABELS[id]} is listed more than once`);
    else if (!ctx.config.configuredProviders.includes(id))
      errors.push(`${UPSTREAM_PROVIDER_LABELS[id]} is not configured on this server (its keys are not set)`);
    else if (!usable(ctx, id)) errors.push(`${UPSTREAM_PROVIDER_LABELS[id]} cannot take live vends here`);
    seen.add(id);
  }
  if (errors.length) throw badRequest(errors[0], errors);
  const providers = input.providers.map((p) => p.toUpperCase());
  const before = (await platformRoutes(ctx))[platform];
  await ctx.db.transaction(async (tx) => {
    await savePlatformProviders(tx, platform, providers, me.userId);
    await recordAudit(tx, rc, {
      action: 'providers.routes',
      targetType: 'platform',
      targetId: platform,
      summary: {
        platform,
        from: [...before.providers, ...before.unusable],
        fromSource: before.source,
        to: providers,
      },
    });
  });
  forgetPlatformRoutes(ctx.db);
  return routeOut((await platformRoutes(ctx))[platform]);
}

export type BalanceRead = { provider: RealProvider; balanceKobo: number | null; error: string | null };

/** Asks a configured real upstream for its balance, records the answer (or why not) and checks
 * the low-balance alert. Never throws for the provider's failure: the error is the answer. */
export async function readBalance(ctx: AppContext, id: RealProvider, now = new Date()): Promise<BalanceRead> {
  // The read itself aborts at the time limit (issue 49), inside the providers module.
  const { balanceKobo, error } = await readUpstreamBalance(ctx, id, now);
  if (balanceKobo !== null) await checkLowBalance(ctx, id, balanceKobo, now);
  return { provider: id, balanceKobo, error };
}

/** Alerts the admins once per crossing below the low-balance line; re-arms once back above. */
export async function checkLowBalance(
  ctx: AppContext,
  id: RealProvider,
  balanceKobo: number,
  now = new Date(),
): Promise<boolean> {
  const low = lowBalanceKoboOf(ctx);
  const row = (await providerBalanceRows(ctx.db)).find((r) => r.provider === id);
  const alerted = !!row?.lowAlertSentAt;
  if (low <= 0 || balanceKobo >= low) {
    if (alerted) await markLowAlert(ctx.db, id, null);
    return false;
  }
  if (alerted) return false;
  const name = UPSTREAM_PROVIDER_LABELS[id];
  return ctx.db.transaction(async (tx) => {
    // Concurrent reads below the line: the one that claims the crossing alerts.
    if (!(await claimLowAlert(tx, id, now))) return false;
    await notifyAdmins(
      tx,
      'services.manage',
      `Low balance at ${name}`,
      `${name} reports a balance of ${formatNaira(balanceKobo)}, below the alert of ${formatNaira(low)}. Fund the ${name} account to keep vends going through it.`,
      'balance.low',
    );
    return true;
  });
}

/** The admin's "Refresh": reads a real upstream's balance now (the simulator has none). */
export async function refreshBalance(ctx: AppContext, rc: RequestContext, rawId: string) {
  const id = rawId.toUpperCase();
  if (!isProvider(id)) throw badRequest(`Unknown provider ${rawId}: choose from ${PROVIDER_IDS.join(', ')}`);
  if (id === 'SIMULATOR')
    throw badRequest('The simulator has no balance to read: it answers from our own books');
  if (!configuredUpstreams(ctx).includes(id))
    throw badRequest(
      `${UPSTREAM_PROVIDER_LABELS[id]} is not configured on this server (its keys are not set)`,
    );
  const read = await readBalance(ctx, id);
  await recordAudit(ctx.db, rc, {
    action: 'providers.balance',
    targetType: 'provider',
    targetId: id,
    summary: { balanceKobo: read.balanceKobo, error: read.error },
  });
  if (read.error)
    throw badRequest(`${UPSTREAM_PROVIDER_LABELS[id]} did not report its balance: ${read.error}`);
  const screen = await providersScreen(ctx);
  return screen.providers.find((p) => p.id === id)!;
}

/** The recurring read: every configured real upstream's balance. */
export async function readAllBalances(ctx: AppContext, now = new Date()): Promise<BalanceRead[]> {
  const out: BalanceRead[] = [];
  for (const id of configuredUpstreams(ctx)) out.push(await readBalance(ctx, id, now));
  return out;
}
