// Vend-failure alerts: every few minutes, the clients whose live vends failed at least the
// platform's count (vendFailureAlertCount) within the last hour are told (event vend.failures),
// at most once an hour each. A job, not the vend: counting failures is no business of a vend's
// own path. The state is a row of balance_alerts per client (`VEND_FAILURES:<corporateId>`).
import type { AppContext } from '../../infra/context';
import { notifyCorporate } from '../notifications';
import { platformSettings } from '../platform';
import { failedLiveVendCounts } from '../vending';
import * as repo from './balance-alerts.repo';

export const FAILURE_WINDOW_MS = 60 * 60_000;
export const failureSubject = (corporateId: string) => `VEND_FAILURES:${corporateId}`;

/** Alerts the clients over the count; returns their ids. */
export async function alertVendFailures(ctx: AppContext, now: Date): Promise<string[]> {
  const { vendFailureAlertCount: threshold } = await platformSettings(ctx);
  if (threshold <= 0) return [];
  const since = new Date(now.getTime() - FAILURE_WINDOW_MS);
  const over = (await failedLiveVendCounts(ctx.db, since)).filter((r) => r.failed >= threshold);
  const alerted: string[] = [];
  for (const { corporateId, failed } of over) {
    const told = await ctx.db.transaction(async (tx) => {
      const state = await repo.lockAlert(tx, failureSubject(corporateId));
      if (state.alertedAt && state.alertedAt.getTime() > since.getTime()) return false;
      await repo.setAlerted(tx, failureSubject(corporateId), now);
      await notifyCorporate(
        tx,
        corporateId,
        'Vends are failing',
        `${failed} of your vends failed in the last hour (the alert is set at ${threshold}). Failed vends were refunded to your wallet. Check the numbers and networks in your vending history, or contact support if it goes on.`,
        'vend.failures',
      );
      return true;
    });
    if (told) alerted.push(corporateId);
  }
  return alerted;
}
