// A client's auto top-up settings: its own switch (only while the platform allows the feature for
// it), the default time, daily and monthly caps, and what happens when the wallet cannot cover a
// run. Also the admin's view of one client: settings, totals and the platform's switch.
import { type autoTopupSettingsBody, formatNaira, lagosDateOf } from '@vendport/shared';
import type { z } from 'zod';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, notFound } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import { corporateSummary } from '../corporates';
import { vendClient } from '../vending';
import { findSettings, lockSettings, spendOf, totalsOf, updateSettings } from './auto-topup.repo';
import { settingsOut } from './auto-topup.views';

export const AUTO_TOPUP_OFF_BY_PLATFORM =
  'Auto top-up is disabled for your account by the platform. Contact VendPort support to have it enabled.';

/** Spend against the caps today and this month (Lagos), in the client's current mode. */
async function spendNow(db: Db, corporateId: string, mode: string, now = new Date()) {
  const day = lagosDateOf(now);
  return spendOf(db, corporateId, mode, day, `${day.slice(0, 8)}01`);
}

async function modeOf(db: Db, corporateId: string) {
  const c = await vendClient(db, corporateId);
  return c?.corp.testMode ? 'TEST' : 'LIVE';
}

export async function getSettings(db: Db, corporateId: string) {
  const corp = await corporateSummary(db, corporateId);
  if (!corp) throw notFound('Corporate client');
  const [s, mode] = await Promise.all([findSettings(db, corporateId), modeOf(db, corporateId)]);
  return settingsOut(corp.autoTopUpEnabled, s, await spendNow(db, corporateId, mode));
}

export async function saveSettings(
  ctx: AppContext,
  corporateId: string,
  userId: string,
  body: z.output<typeof autoTopupSettingsBody>,
  rc: RequestContext,
) {
  await ctx.db.transaction(async (tx) => {
    const corp = await corporateSummary(tx, corporateId);
    if (!corp) throw notFound('Corporate client');
    if (body.enabled && !corp.autoTopUpEnabled)
      throw new AppError('FORBIDDEN', 403, AUTO_TOPUP_OFF_BY_PLATFORM);
    const before = await lockSettings(tx, corporateId);
    const after = await updateSettings(tx, corporateId, {
      enabled: body.enabled,
      defaultTime: body.defaultTime,
      dailyCapKobo: body.dailyCap,
      monthlyCapKobo: body.monthlyCap,
      insufficientFundsPolicy: body.insufficientFundsPolicy,
      updatedById: userId,
    });
    const fields = (s: typeof before) => ({
      enabled: s.enabled,
      defaultTime: s.defaultTime,
      dailyCapKobo: s.dailyCapKobo,
      monthlyCapKobo: s.monthlyCapKobo,
      insufficientFundsPolicy: s.insufficientFundsPolicy,
    });
    await recordAudit(tx, rc, {
      action: 'auto-topup.settings.update',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { before: fields(before), after: fields(after) },
    });
  });
  return getSettings(ctx.db, corporateId);
}

/** The admin's view of one client's auto top-up. */
export async function adminOverview(db: Db, corporateId: string) {
  const corp = await corporateSummary(db, corporateId);
  if (!corp) throw notFound('Corporate client');
  const [settings, t] = await Promise.all([getSettings(db, corporateId), totalsOf(db, corporateId)]);
  return {
    corporate: corp,
    settings,
    totals: {
      subscribers: t.subscribers,
      active: t.subscribers - t.paused,
      paused: t.paused,
      runs: t.runs,
      successful: t.successful,
      notVended: t.notVended,
      vendedKobo: t.vendedKobo,
      vended: formatNaira(t.vendedKobo),
    },
  };
}
