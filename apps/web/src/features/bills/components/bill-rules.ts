// What the bill forms check before anything is sent, in the words the server uses, and what a
// payment will cost: the amount, less the commission when it is taken upfront (test payments earn
// none). A biller's limits are its service's (minimum and maximum per biller); the provider's own
// minimum for a meter, when verification states it, raises the lower end.
import {
  type AmountLimits,
  type BillerView,
  type BillKind,
  type BillVerificationView,
  type BouquetView,
  commissionOf,
  type MeterType,
  type TvSubscriptionType,
} from '@vendport/shared';
import type { WalletQuote } from '@/components/quote-summary';

/** The amounts an electricity payment to this biller may take, for this meter. */
export function billLimits(biller: BillerView, verification?: BillVerificationView | null): AmountLimits {
  const providerMin = verification?.minimumAmountKobo ?? 0;
  return { minKobo: Math.max(biller.minAmountKobo, providerMin), maxKobo: biller.maxAmountKobo };
}

/** A payment that passed every check, ready to confirm. */
export type BillDraft = {
  kind: BillKind;
  biller: BillerView;
  verification: BillVerificationView;
  meterType: MeterType | null;
  subscriptionType: TvSubscriptionType | null;
  bouquet: BouquetView | null;
  amountKobo: number;
  phone: string;
  email: string | undefined;
};

export type BillQuote = WalletQuote;

export function quoteBill(
  amountKobo: number,
  biller: BillerView,
  terms: { upfront: boolean | null; test: boolean },
): BillQuote {
  if (terms.test)
    return {
      amountKobo,
      commissionKobo: 0,
      commissionBps: 0,
      debitKobo: amountKobo,
      upfront: null,
      test: true,
    };
  const commissionKobo = commissionOf(amountKobo, biller.commissionBps);
  const debitKobo =
    commissionKobo === 0 || terms.upfront === false
      ? amountKobo
      : terms.upfront === true
        ? amountKobo - commissionKobo
        : null;
  return {
    amountKobo,
    commissionKobo,
    commissionBps: biller.commissionBps,
    debitKobo,
    upfront: terms.upfront,
    test: false,
  };
}

/** "Ikeja Electric (prepaid)", "DStv". */
export const billerLabel = (biller: { name: string }, meterType?: MeterType | null) =>
  meterType ? `${biller.name} (${meterType === 'PREPAID' ? 'prepaid' : 'postpaid'})` : biller.name;

export const meterTypeLabel = (m: MeterType) => (m === 'PREPAID' ? 'Prepaid' : 'Postpaid');
