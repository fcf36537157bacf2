// Keeping the day roll-ups built: past Lagos days that are dirty or were never built are rebuilt
// from the vends, a day per transaction. Reports never depend on this for correctness (they read
// the vends for any day not built and clean); it only keeps large ranges fast.

import { lagosDateOf } from '@vendport/shared';
import type { Db } from '../../infra/db/client';
import { daysToBuild, rebuildDay, rollupMismatches } from './rollup.repo';

/** How far back the first run looks for days never built. */
export const ROLLUP_LOOKBACK_DAYS = 400;

/** Rebuilds up to `limit` days due at `now`; returns the days rebuilt. */
export async function buildRollups(db: Db, now = new Date(), limit = 31): Promise<string[]> {
  const days = await daysToBuild(db, lagosDateOf(now), ROLLUP_LOOKBACK_DAYS, limit);
  for (const d of days) await rebuildDay(db, d);
  return days;
}

/** Days whose trusted roll-ups differ from their vends: empty when the books agree. */
export const checkRollups = (db: Db) => rollupMismatches(db);
