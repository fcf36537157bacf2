// A client's reconciliation settings (spec §7: GET and POST reconciliation/settings): whether
// statements are made, daily or weekly, to which email addresses and in-app, in which format
// (CSV only, or CSV and PDF), and the wallet's low-balance alert threshold.
import type { StatementFormat } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { RequestContext } from '../../infra/request-context';
import { platformSettings } from '../platform';
import * as repo from './reconciliation.repo';

export interface ReconciliationInput {
  enabled: boolean;
  frequency: 'DAILY' | 'WEEKLY';
  emails: string[];
  inApp: boolean;
  format: StatementFormat;
  lowBalanceThreshold: number | null;
}

function out(row: repo.SettingsRow | null, platformThresholdKobo: number) {
  return {
    enabled: row?.enabled ?? false,
    frequency: (row?.frequency ?? 'DAILY') as 'DAILY' | 'WEEKLY',
    emails: row?.emails ?? [],
    inApp: row?.inApp ?? true,
    format: (row?.format === 'CSV_PDF' ? 'CSV_PDF' : 'CSV') as StatementFormat,
    lowBalanceThresholdKobo: row?.lowBalanceThresholdKobo ?? null,
    platformLowBalanceThresholdKobo: platformThresholdKobo,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function reconciliationSettings(ctx: AppContext, corporateId: string) {
  const [row, platform] = await Promise.all([repo.findSettings(ctx.db, corporateId), platformSettings(ctx)]);
  return out(row, platform.lowBalanceThresholdKobo);
}

export async function saveReconciliationSettings(
  ctx: AppContext,
  corporateId: string,
  input: ReconciliationInput,
  rc: RequestContext,
) {
  const before = await reconciliationSettings(ctx, corporateId);
  const emails = [...new Set(input.emails)];
  await ctx.db.transaction(async (tx) => {
    await repo.putSettings(tx, {
      corporateId,
      enabled: input.enabled,
      frequency: input.frequency,
      emails,
      inApp: input.inApp,
      format: input.format,
      lowBalanceThresholdKobo: input.lowBalanceThreshold,
      updatedAt: new Date(),
    });
    const pick = (s: typeof before) => ({
      enabled: s.enabled,
      frequency: s.frequency,
      emails: s.emails,
      inApp: s.inApp,
      format: s.format,
      lowBalanceThresholdKobo: s.lowBalanceThresholdKobo,
    });
    await recordAudit(tx, rc, {
      action: 'reconciliation.settings.update',
      targetType: 'reconciliation_settings',
      targetId: corporateId,
      summary: {
        before: pick(before),
        after: pick({ ...before, ...input, emails, lowBalanceThresholdKobo: input.lowBalanceThreshold }),
      },
    });
  });
  return reconciliationSettings(ctx, corporateId);
}

/** The wallet threshold below which the client's users are alerted (0: never). */
export async function lowBalanceThresholdOf(ctx: AppContext, corporateId: string): Promise<number> {
  const own = await repo.findLowBalanceThreshold(ctx.db, corporateId);
  return own ?? (await platformSettings(ctx)).lowBalanceThresholdKobo;
}
