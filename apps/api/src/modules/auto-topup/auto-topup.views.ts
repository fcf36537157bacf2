// What leaves the server for auto top-up rows (the shared schemas' shapes).

import {
  type AutoTopupRunView,
  type AutoTopupSettingsView,
  type AutoTopupSubscriberView,
  billerOf,
  describeSchedule,
  formatNaira,
  maskToken,
  nairaOrNull,
} from '@vendport/shared';
import { clientFailureReason } from '../vending';
import type { SettingsRow, SubscriberRow } from './auto-topup.repo';
import type { RunListRow } from './runs.repo';

/** A run's reason: its vend's failure in the client's words, or the run's own (skipped, capped). */
export const runReason = (r: Pick<RunListRow, 'vendStatus' | 'vendFailureReason' | 'run'>) =>
  r.vendStatus
    ? (clientFailureReason({ status: r.vendStatus, failureReason: r.vendFailureReason }) ?? r.run.reason)
    : r.run.reason;

export const DEFAULT_TIME = '08:00';

const billerName = (code: string) => billerOf(code)?.name ?? code;

export function subscriberOut(s: SubscriberRow): AutoTopupSubscriberView {
  return {
    id: s.id,
    name: s.name,
    phone: s.msisdn,
    network: s.network as AutoTopupSubscriberView['network'],
    type: s.serviceType as AutoTopupSubscriberView['type'],
    amountKobo: s.amountKobo,
    amount: nairaOrNull(s.amountKobo),
    planCode: s.planCode,
    bill: s.customerNumber
      ? {
          biller: s.network,
          billerName: billerName(s.network),
          customerNumber: s.customerNumber,
          meterType: s.meterType as NonNullable<AutoTopupSubscriberView['bill']>['meterType'],
          subscriptionType: s.subscriptionType as NonNullable<
            AutoTopupSubscriberView['bill']
          >['subscriptionType'],
          bouquetCode: s.planCode,
          customerName: s.customerName,
        }
      : null,
    frequency: s.frequency as AutoTopupSubscriberView['frequency'],
    weekday: s.weekday,
    monthDay: s.monthDay,
    onceDate: s.onceDate,
    time: s.timeOfDay,
    schedule: describeSchedule(s),
    paused: s.paused,
    nextRunAt: s.nextRunAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
  };
}

export function settingsOut(
  platformEnabled: boolean,
  s: SettingsRow | null,
  spend: { day: number; month: number },
): AutoTopupSettingsView {
  return {
    platformEnabled,
    enabled: s?.enabled ?? false,
    defaultTime: s?.defaultTime ?? DEFAULT_TIME,
    dailyCapKobo: s?.dailyCapKobo ?? null,
    dailyCap: nairaOrNull(s?.dailyCapKobo ?? null),
    monthlyCapKobo: s?.monthlyCapKobo ?? null,
    monthlyCap: nairaOrNull(s?.monthlyCapKobo ?? null),
    insufficientFundsPolicy: (s?.insufficientFundsPolicy ??
      'SKIP_NOTIFY') as AutoTopupSettingsView['insufficientFundsPolicy'],
    spentTodayKobo: spend.day,
    spentToday: formatNaira(spend.day),
    spentThisMonthKobo: spend.month,
    spentThisMonth: formatNaira(spend.month),
    updatedAt: s?.updatedAt.toISOString() ?? null,
  };
}

export function runOut(r: RunListRow): AutoTopupRunView {
  const amountKobo = r.vendAmountKobo ?? r.run.amountKobo;
  return {
    id: r.run.id,
    subscriberId: r.run.subscriberId,
    subscriberName: r.subscriberName,
    phone: r.run.msisdn,
    network: r.run.network as AutoTopupRunView['network'],
    type: r.run.serviceType as AutoTopupRunView['type'],
    planCode: r.run.planCode,
    bill: r.run.customerNumber
      ? {
          biller: r.run.network,
          billerName: billerName(r.run.network),
          customerNumber: r.run.customerNumber,
          // Never in full outside the vend's own detail (issue 51).
          token: maskToken(r.billToken),
          receiptReference: r.billReceipt,
        }
      : null,
    amountKobo,
    amount: nairaOrNull(amountKobo),
    dueAt: r.run.dueAt.toISOString(),
    trigger: r.run.trigger as AutoTopupRunView['trigger'],
    status: (r.vendStatus ?? r.run.status) as AutoTopupRunView['status'],
    // A vend's failure in the client's words, never the upstream's (issue 53 point 4).
    reason: runReason(r),
    vendId: r.run.vendId,
    vendCode: r.vendCode,
    vendStatus: (r.vendStatus as AutoTopupRunView['vendStatus']) ?? null,
    updatedAt: r.run.updatedAt.toISOString(),
  };
}
