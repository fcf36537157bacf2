// Keeping the day roll-ups built: past Lagos days that are dirty, never built or built only in
// part are rebuilt from the vends, a day per transaction; once they are caught up, today is built
// up to its watermark (rollup.repo.ts). Reports never depend on this for correctness (they read
// the vends for whatever is not rolled up and clean); it only keeps large ranges fast.

import { lagosDateOf } from '@vendport/shared';
import type { Db } from '../../infra/db/client';
import { daysToBuild, rebuildDay, rebuildWeek, rollupMismatches, weeksToBuild } from './rollup.repo';

/** How far back the first run looks for days never built. */
export const ROLLUP_LOOKBACK_DAYS = 400;

/**
 * Rebuilds up to `limit` past days due at `now`, then, when fewer were due, today (to its
 * watermark) and up to `limit` weeks due; returns the days rebuilt (fewer than `limit`: caught up).
 */
export async function buildRollups(db: Db, now = new Date(), limit = 31): Promise<string[]> {
  const today = lagosDateOf(now);
  const days = await daysToBuild(db, today, ROLLUP_LOOKBACK_DAYS, limit);
  for (const d of days) await rebuildDay(db, d);
  if (days.length < limit) {
    await rebuildDay(db, today);
    days.push(today);
    // The weeks over whose days are all built now (or were rebuilt since the week was).
    for (const w of await weeksToBuild(db, today, ROLLUP_LOOKBACK_DAYS, limit)) await rebuildWeek(db, w);
  }
  return days;
}

/** Days whose trusted roll-ups differ from their vends: empty when the books agree. */
export const checkRollups = (db: Db) => rollupMismatches(db);
