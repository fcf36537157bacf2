// The leaves of the vend's lifecycle, which every stage may import and which import no stage:
// which platform takes a vend (chooseRoute, used by place-vend for the first attempt and by
// deliver for the fallback) and the requery queue's name and timing (settle schedules a
// requery, requery runs it). The lifecycle runs one way:
//   place-vend -> deliver -> settle;  requery -> deliver (the request) and settle (the outcome).
import type { AppContext } from '../../infra/context';
import { pickLine } from '../vtu';

export interface Route {
  index: number;
  route: string;
  line: { id: string; msisdn: string } | null;
}

/** The first platform (from `from` on) that can take the vend now; VTU needs a line with float. */
export async function chooseRoute(
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

export const REQUERY_QUEUE = 'requery';
/** Requeries go on for this long after the vend; then it waits for a person (manual requery). */
export const REQUERY_WINDOW_MS = 48 * 3600_000;
export const REQUERY_DELAYS_S = [30, 60, 120, 300, 600, 1800];
/** Delay before requery n (0-based): 30 s, 1 min, 2 min, 5 min, 10 min, 30 min, then hourly. */
export const requeryDelayMs = (n: number) => (REQUERY_DELAYS_S[n] ?? 3600) * 1000;
