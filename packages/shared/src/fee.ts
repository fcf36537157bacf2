// The card-funding fee of spec §9: 1.5% of the amount, plus NGN 100 when the amount is
// NGN 2,500 or more, capped at NGN 2,000. Integer kobo in and out; half a kobo rounds up.
export const FEE_RATE_BASIS_POINTS = 150n; // 1.5%
export const FEE_FLAT_KOBO = 10_000n; // NGN 100
export const FEE_FLAT_THRESHOLD_KOBO = 250_000n; // NGN 2,500
export const FEE_CAP_KOBO = 200_000n; // NGN 2,000

export function cardFundingFeeKobo(amountKobo: number): number {
  if (!Number.isSafeInteger(amountKobo) || amountKobo < 0)
    throw new RangeError('amountKobo must be a non-negative integer');
  const a = BigInt(amountKobo);
  let fee = (a * FEE_RATE_BASIS_POINTS + 5_000n) / 10_000n;
  if (a >= FEE_FLAT_THRESHOLD_KOBO) fee += FEE_FLAT_KOBO;
  if (fee > FEE_CAP_KOBO) fee = FEE_CAP_KOBO;
  return Number(fee);
}
