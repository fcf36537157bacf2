// The Providers screen's health part (issue 49): each real upstream's circuit breaker with its last
// hour of vend calls, the admin forcing one open or closed, and the admins' alert on each
// transition (the providers module raises providerHealthChanged inside the transition's
// transaction; app.ts hands it here). Kept apart from provider-admin.service.ts, which has the
// keys, balances and route order.
import { BREAKER_STATE_LABELS, type ProviderHealthView, UPSTREAM_PROVIDER_LABELS } from '@vendport/shared';
import { PROVIDER_IDS, type ProviderId } from '../../infra/config';
import type { AppContext, ProviderHealthChange } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { badRequest } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import { confirmActingPassword } from '../auth';
import { notifyAdmins } from '../notifications';
import { breakerRows, callStats, forceBreaker } from '../providers';

const HOUR_MS = 60 * 60_000;
/** The providers with a breaker: every one but the simulator. */
const PROVIDER_IDS_REAL = PROVIDER_IDS.filter((p) => p !== 'SIMULATOR');

/** Each real upstream's breaker and last hour, by provider (the simulator has none). */
export async function providerHealthViews(
  ctx: AppContext,
  now = new Date(),
): Promise<Map<ProviderId, ProviderHealthView>> {
  const [rows, stats] = await Promise.all([
    breakerRows(ctx),
    callStats(ctx.db, new Date(now.getTime() - HOUR_MS)),
  ]);
  const out = new Map<ProviderId, ProviderHealthView>();
  for (const id of PROVIDER_IDS_REAL) {
    const r = rows.find((x) => x.provider === id);
    const s = stats.find((x) => x.provider === id);
    out.set(id, {
      state: (r?.state ?? 'CLOSED') as ProviderHealthView['state'],
      since: r ? r.since.toISOString() : null,
      reason: r?.reason ?? null,
      forced: r?.forced ?? false,
      lastHour: {
        delivered: s?.delivered ?? 0,
        failed: s?.failed ?? 0,
        unknown: s?.unknown ?? 0,
        timeout: s?.timeout ?? 0,
        refused: s?.refused ?? 0,
        p50Ms: s?.p50Ms ?? null,
        p95Ms: s?.p95Ms ?? null,
      },
    });
  }
  return out;
}

/** The admin's "Force open" / "Force closed", password-confirmed; the breaker audits and announces it. */
export async function forceProviderHealth(
  ctx: AppContext,
  rc: RequestContext,
  rawId: string,
  input: { state: 'OPEN' | 'CLOSED'; reason: string; password: string },
): Promise<ProviderHealthView> {
  const id = rawId.toUpperCase() as ProviderId;
  if (!(PROVIDER_IDS_REAL as readonly string[]).includes(id))
    throw badRequest(`Unknown provider ${rawId}: choose from ${PROVIDER_IDS_REAL.join(', ')}`);
  if (!ctx.config.configuredProviders.includes(id))
    throw badRequest(
      `${UPSTREAM_PROVIDER_LABELS[id]} is not configured on this server (its keys are not set)`,
    );
  await confirmActingPassword(ctx, rc, input.password);
  await forceBreaker(ctx, rc, id, input.state, input.reason);
  return (await providerHealthViews(ctx)).get(id)!;
}

/** Tells the admins who manage services, in-app and by email (their choice), once per transition. */
export async function announceProviderHealth(db: Db, c: ProviderHealthChange): Promise<void> {
  const name = UPSTREAM_PROVIDER_LABELS[c.provider as ProviderId] ?? c.provider;
  const who = c.byAdmin ? 'An admin set' : 'The circuit breaker set';
  const effect =
    c.to === 'CLOSED'
      ? `New vends go to ${name} again.`
      : c.to === 'OPEN'
        ? `New vends skip ${name} and go to the next provider of their route; vends already sent to it stay there and are requeried.`
        : `One probe (its balance) decides whether ${name} takes vends again.`;
  await notifyAdmins(
    db,
    'services.manage',
    `${name}: ${BREAKER_STATE_LABELS[c.to]}`,
    `${who} ${name} from ${c.from.replace('_', '-').toLowerCase()} to ${c.to.replace('_', '-').toLowerCase()}: ${c.reason}. ${effect}`,
    'provider.health',
  );
}
