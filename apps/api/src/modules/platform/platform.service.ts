// The platform's own settings (admin): name, support contact, the collection account shown for
// bank funding, the card fee rule, default thresholds and limits, the maintenance banner. The
// environment gives the first values (FUNDING_*; spec §9 for the fee); a saved setting overrides
// them. Read often (every card fee, every vend's limit), so each instance keeps them for a few
// seconds; a save here drops the copy at once, another instance sees it within CACHE_MS.
import {
  type CardFeeRule,
  DEFAULT_CARD_FEE_RULE,
  describeCardFeeRule,
  formatNaira,
  LOW_FLOAT_KOBO,
  type PlatformSettingsValues,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import type { RequestContext } from '../../infra/request-context';
import * as repo from './platform.repo';

export const PLATFORM_KEY = 'platform';
const CACHE_MS = 5_000;

export interface PlatformSettings {
  platformName: string;
  supportEmail: string;
  supportPhone: string;
  fundingBankName: string;
  fundingAccountNumber: string;
  fundingAccountName: string;
  cardFee: CardFeeRule;
  lowBalanceThresholdKobo: number;
  vtuLowFloatThresholdKobo: number;
  maxVendAmountKobo: number;
  /** Failed live vends of one client within an hour that raise a vend.failures alert; 0: off. */
  vendFailureAlertCount: number;
  maintenanceBanner: string;
  /** The vending API's default rate limits (issue 34): per key and per client. */
  apiRateKeyPerS: number;
  apiRateKeyBurst: number;
  apiRateClientPerS: number;
  apiRateClientBurst: number;
  updatedAt: Date | null;
}

/** The platform's default low-balance alert until an admin sets another: NGN 10,000. */
export const DEFAULT_LOW_BALANCE_THRESHOLD_KOBO = 1_000_000;

/** What holds before any admin saves: the environment and spec §9. */
export function defaultPlatformSettings(ctx: Pick<AppContext, 'config'>): PlatformSettings {
  return {
    platformName: 'VendPort',
    supportEmail: 'support@vendport.local',
    supportPhone: '+2348000000000',
    fundingBankName: ctx.config.FUNDING_BANK_NAME,
    fundingAccountNumber: ctx.config.FUNDING_ACCOUNT_NUMBER,
    fundingAccountName: ctx.config.FUNDING_ACCOUNT_NAME,
    cardFee: DEFAULT_CARD_FEE_RULE,
    // A new client hears of a low wallet from the start (issue 36 point 9): NGN 10,000, which an
    // admin changes in the platform settings and a client in its own Settings.
    lowBalanceThresholdKobo: DEFAULT_LOW_BALANCE_THRESHOLD_KOBO,
    // The admin home flags the lines below it and their admins are alerted: one threshold
    // (issue 53 point 10), NGN 50,000 until an admin changes it.
    vtuLowFloatThresholdKobo: LOW_FLOAT_KOBO,
    // The ceiling every service's maximum already sits under (NGN 1,000,000).
    maxVendAmountKobo: 100_000_000,
    vendFailureAlertCount: 10,
    maintenanceBanner: '',
    apiRateKeyPerS: ctx.config.API_RATE_KEY_PER_S,
    apiRateKeyBurst: ctx.config.API_RATE_KEY_BURST,
    apiRateClientPerS: ctx.config.API_RATE_CLIENT_PER_S,
    apiRateClientBurst: ctx.config.API_RATE_CLIENT_BURST,
    updatedAt: null,
  };
}

const cache = new WeakMap<Db, { at: number; value: PlatformSettings }>();

export async function platformSettings(ctx: Pick<AppContext, 'config' | 'db'>): Promise<PlatformSettings> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
  const row = await repo.findSetting(ctx.db, PLATFORM_KEY);
  const base = defaultPlatformSettings(ctx);
  const saved = (row?.value ?? {}) as Partial<PlatformSettings>;
  const value: PlatformSettings = {
    ...base,
    ...saved,
    cardFee: { ...base.cardFee, ...(saved.cardFee ?? {}) },
    updatedAt: row?.updatedAt ?? null,
  };
  cache.set(ctx.db, { at: Date.now(), value });
  return value;
}

/**
 * What a new client's owner is told on first sign-in (a sentence of its welcome notification):
 * the low-balance alert it starts with and where to change it (issue 36 point 9).
 */
export async function lowBalanceHintOf(ctx: Pick<AppContext, 'config' | 'db'>): Promise<string> {
  const kobo = (await platformSettings(ctx)).lowBalanceThresholdKobo;
  return kobo > 0
    ? `Low-balance alerts are on: we tell you when your wallet falls below ${formatNaira(kobo)}; change the amount, or set 0 to turn them off, in Settings → Statements and alerts.`
    : 'Low-balance alerts are off: set the balance below which we warn you in Settings → Statements and alerts.';
}

export const forgetPlatformSettings = (db: Db) => cache.delete(db);

export const cardFeeRuleOf = async (ctx: Pick<AppContext, 'config' | 'db'>) =>
  (await platformSettings(ctx)).cardFee;

export function platformSettingsOut(s: PlatformSettings) {
  return {
    platformName: s.platformName,
    supportEmail: s.supportEmail,
    supportPhone: s.supportPhone,
    fundingBankName: s.fundingBankName,
    fundingAccountNumber: s.fundingAccountNumber,
    fundingAccountName: s.fundingAccountName,
    cardFeeRateBps: s.cardFee.rateBps,
    cardFeeFlatKobo: s.cardFee.flatKobo,
    cardFeeFlatFromKobo: s.cardFee.flatFromKobo,
    cardFeeCapKobo: s.cardFee.capKobo,
    cardFeeRule: describeCardFeeRule(s.cardFee),
    lowBalanceThresholdKobo: s.lowBalanceThresholdKobo,
    vtuLowFloatThresholdKobo: s.vtuLowFloatThresholdKobo,
    maxVendAmountKobo: s.maxVendAmountKobo,
    vendFailureAlertCount: s.vendFailureAlertCount,
    maintenanceBanner: s.maintenanceBanner,
    apiRateKeyPerS: s.apiRateKeyPerS,
    apiRateKeyBurst: s.apiRateKeyBurst,
    apiRateClientPerS: s.apiRateClientPerS,
    apiRateClientBurst: s.apiRateClientBurst,
    updatedAt: s.updatedAt?.toISOString() ?? null,
  };
}

/** The fields that differ, before and after (for the audit trail). */
function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const k of Object.keys(after)) {
    if (JSON.stringify(before[k]) !== JSON.stringify(after[k])) {
      b[k] = before[k];
      a[k] = after[k];
    }
  }
  return { before: b, after: a };
}

export async function savePlatformSettings(
  ctx: AppContext,
  v: PlatformSettingsValues,
  actorId: string,
  rc: RequestContext,
): Promise<PlatformSettings> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockSetting(tx, PLATFORM_KEY);
    forgetPlatformSettings(ctx.db);
    const current = await platformSettings({ config: ctx.config, db: tx });
    const before = platformSettingsOut(current);
    const next: Omit<PlatformSettings, 'updatedAt'> = {
      platformName: v.platformName,
      supportEmail: v.supportEmail,
      supportPhone: v.supportPhone,
      fundingBankName: v.fundingBankName,
      fundingAccountNumber: v.fundingAccountNumber,
      fundingAccountName: v.fundingAccountName,
      cardFee: {
        rateBps: v.cardFeeRatePercent,
        flatKobo: v.cardFeeFlat,
        flatFromKobo: v.cardFeeFlatFrom,
        capKobo: v.cardFeeCap,
      },
      lowBalanceThresholdKobo: v.lowBalanceThreshold,
      vtuLowFloatThresholdKobo: v.vtuLowFloatThreshold,
      maxVendAmountKobo: v.maxVendAmount,
      vendFailureAlertCount: v.vendFailureAlertCount,
      maintenanceBanner: v.maintenanceBanner,
      // Left out of the form: the saved (or first) values stay.
      apiRateKeyPerS: v.apiRateKeyPerS ?? current.apiRateKeyPerS,
      apiRateKeyBurst: v.apiRateKeyBurst ?? current.apiRateKeyBurst,
      apiRateClientPerS: v.apiRateClientPerS ?? current.apiRateClientPerS,
      apiRateClientBurst: v.apiRateClientBurst ?? current.apiRateClientBurst,
    };
    await repo.putSetting(tx, PLATFORM_KEY, { ...next }, actorId);
    const after = platformSettingsOut({ ...next, updatedAt: null });
    const { updatedAt: _b, ...b } = before;
    const { updatedAt: _a, ...a } = after;
    await recordAudit(tx, rc, {
      action: 'settings.platform.update',
      targetType: 'platform_settings',
      targetId: PLATFORM_KEY,
      summary: changes(b, a),
    });
  });
  forgetPlatformSettings(ctx.db);
  return platformSettings(ctx);
}
