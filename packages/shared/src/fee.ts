// The card-funding fee of spec §9: 1.5% of the amount, plus NGN 100 when the amount is
// NGN 2,500 or more, capped at NGN 2,000. Integer kobo in and out; half a kobo rounds up.
// The platform settings may change the four parameters; spec §9's values are the default.
import { formatNaira } from './money';

export const FEE_RATE_BASIS_POINTS = 150n; // 1.5%
export const FEE_FLAT_KOBO = 10_000n; // NGN 100
export const FEE_FLAT_THRESHOLD_KOBO = 250_000n; // NGN 2,500
export const FEE_CAP_KOBO = 200_000n; // NGN 2,000

export interface CardFeeRule {
  /** Percentage in basis points (150 = 1.5%). */
  rateBps: number;
  /** Flat part added from `flatFromKobo` up. */
  flatKobo: number;
  flatFromKobo: number;
  /** The most the fee can be. */
  capKobo: number;
}

export const DEFAULT_CARD_FEE_RULE: CardFeeRule = {
  rateBps: Number(FEE_RATE_BASIS_POINTS),
  flatKobo: Number(FEE_FLAT_KOBO),
  flatFromKobo: Number(FEE_FLAT_THRESHOLD_KOBO),
  capKobo: Number(FEE_CAP_KOBO),
};

export function cardFundingFeeKobo(amountKobo: number, rule: CardFeeRule = DEFAULT_CARD_FEE_RULE): number {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0)
    throw new RangeError('amountKobo must be a non-negative integer');
  const a = BigInt(amountKobo);
  let fee = (a * BigInt(rule.rateBps) + 5_000n) / 10_000n;
  if (a >= BigInt(rule.flatFromKobo)) fee += BigInt(rule.flatKobo);
  if (fee > BigInt(rule.capKobo)) fee = BigInt(rule.capKobo);
  return Number(fee);
}

/** "1.5% of the amount, plus ₦100.00 from ₦2,500.00, capped at ₦2,000.00." */
export function describeCardFeeRule(rule: CardFeeRule): string {
  const pct = `${(rule.rateBps / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
  const flat =
    rule.flatKobo > 0 ? `, plus ${formatNaira(rule.flatKobo)} from ${formatNaira(rule.flatFromKobo)}` : '';
  return `${pct} of the amount${flat}, capped at ${formatNaira(rule.capKobo)}.`;
}
