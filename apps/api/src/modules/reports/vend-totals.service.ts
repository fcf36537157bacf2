// A vending history's total from the roll-ups (issue 34: "counts that do not scan"), handed to the
// vending module by the composition (ctx.reads.vendTotal, infra/context.ts): the roll-up rows of
// the days rolled up and the vends of the rest, in one statement (reports.repo vendCount), so a
// client's total reads its days' rows, not its vends, and is exact at any depth. A filter the
// roll-ups do not hold (test mode, a search, a service, a platform, the client type of one
// client's vends, a bound inside a Lagos day), or a range with more than COUNT_BOUND vends not
// rolled up, gets null: the history counts its rows, bounded, and estimates past the bound
// (infra/db/keyset).
import { lagosDateOf } from '@vendport/shared';
import type { VendCriteria } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { lagosDayStart } from '../../infra/lagos-time';
import { vendCount } from './reports.repo';

const atMidnight = (t: Date) => lagosDayStart(lagosDateOf(t)).getTime() === t.getTime();

export async function vendTotal(db: Db, f: VendCriteria): Promise<number | null> {
  if (f.mode !== 'LIVE' || f.search?.trim() || f.serviceId || f.platform) return null;
  if ((f.from && !atMidnight(f.from)) || (f.to && !atMidnight(f.to))) return null;
  const equal = Object.fromEntries(
    (['network', 'serviceType', 'channel', 'clientType'] as const).filter((d) => f[d]).map((d) => [d, f[d]]),
  );
  return vendCount(db, {
    corporateId: f.corporateId,
    fromDay: f.from ? lagosDateOf(f.from) : undefined,
    toDay: f.to ? lagosDateOf(f.to) : undefined,
    status: f.status,
    equal,
  });
}
