// The leaves of the vend's lifecycle, which every stage may import and which import no stage:
// which route step takes a vend (chooseRoute, used by place-vend for the first attempt and by
// deliver for the failover) and the requery queue's name and timing (settle schedules a
// requery, requery runs it). The lifecycle runs one way:
//   place-vend -> deliver -> settle;  requery -> deliver (the request) and settle (the outcome).
// A route is a list of steps "PLATFORM:PROVIDER" (providers/routing.service.ts makes it).
import type { AppContext } from '../../../infra/context';
import { providerPlanCode } from '../../catalogue';
import { breakerSkips, knownBalances, parseStep } from '../../providers';
import { pickLine } from '../../vtu';

export interface Route {
  index: number;
  route: string;
  line: { id: string; msisdn: string } | null;
}

/**
 * The first step (from `from` on) that can take the vend now. A real provider is skipped when its
 * breaker is open (providers' health.service.ts: it has been failing), the plan has no code there
 * (provider_plans) or its last known balance is below the vend's amount (a request that would fail
 * for float); VTU needs a line with float. Only vends not yet sent come here (placing, or failing
 * over after a definite failure): a vend already sent stays with its provider.
 */
export async function chooseRoute(
  ctx: AppContext,
  q: {
    routes: string[];
    network: string;
    corporateId: string;
    fromApi: boolean;
    amountKobo: number;
    exclude: string[];
    dataPlanId: string | null;
  },
  from: number,
): Promise<Route | null> {
  for (let i = from; i < q.routes.length; i++) {
    const route = q.routes[i];
    const { platform, provider } = parseStep(route);
    if (provider !== 'SIMULATOR') {
      if (await breakerSkips(ctx, provider)) continue;
      const balance = (await knownBalances(ctx)).get(provider);
      if (balance !== undefined && balance < q.amountKobo) continue;
      if (q.dataPlanId && !(await providerPlanCode(ctx.db, q.dataPlanId, provider))) continue;
    }
    if (platform !== 'VTU') return { index: i, route, line: null };
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

export const REQUERY_QUEUE = 'requery';
/** Requeries go on for this long after the vend; then it waits for a person (manual requery). */
export const REQUERY_WINDOW_MS = 48 * 3600_000;
export const REQUERY_DELAYS_S = [30, 60, 120, 300, 600, 1800];
/** Delay before requery n (0-based): 30 s, 1 min, 2 min, 5 min, 10 min, 30 min, then hourly; never
 * longer than `maxS` (REQUERY_MAX_DELAY_S: the storm bench shortens it to see recovery in minutes). */
export const requeryDelayMs = (n: number, maxS = 3600) => Math.min(REQUERY_DELAYS_S[n] ?? 3600, maxS) * 1000;
