import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cardFundingFeeKobo, FEE_CAP_KOBO } from './fee';
import { parseNairaToKobo } from './money';

const fee = (naira: string) => cardFundingFeeKobo(parseNairaToKobo(naira)!);

describe('[FEE] card funding fee (1.5%, + NGN 100 from NGN 2,500, capped at NGN 2,000)', () => {
  it('[FEE] just below NGN 2,500 there is no flat NGN 100: 1.5% of 2,499.99 is 37.49985, rounded to 37.50', () => {
    expect(fee('2,499.99')).toBe(3_750);
  });

  it('[FEE] at exactly NGN 2,500 the flat NGN 100 applies: 37.50 + 100', () => {
    expect(fee('2,500')).toBe(13_750);
  });

  it('[FEE] at NGN 2,500.01: 1.5% is 37.50015, rounded to 37.50, + 100', () => {
    expect(fee('2,500.01')).toBe(13_750);
  });

  it('[FEE] half a kobo rounds up, less than half rounds down', () => {
    expect(cardFundingFeeKobo(100)).toBe(2); // 1.5 kobo
    expect(cardFundingFeeKobo(33)).toBe(0); // 0.495 kobo
    expect(cardFundingFeeKobo(34)).toBe(1); // 0.51 kobo
    expect(cardFundingFeeKobo(0)).toBe(0);
  });

  it('[FEE] the cap of NGN 2,000 is reached from NGN 126,666.34 (kobo rounding), not only from 126,666.67', () => {
    // 1.5% x + 100 = 2,000 at x = 126,666.666…; with the fee rounded to the kobo (half up),
    // 1.5% of 126,666.34 is 1,899.9951 -> 1,900.00, so the fee is already 2,000 there.
    expect(fee('126,666.33')).toBe(199_999);
    expect(fee('126,666.34')).toBe(200_000);
    expect(fee('126,666.66')).toBe(200_000);
    expect(fee('126,666.67')).toBe(200_000);
    // The cap first clips (the uncapped fee would exceed 2,000) at 126,667.00.
    expect(fee('126,667.00')).toBe(200_000);
    expect(Number(FEE_CAP_KOBO)).toBe(200_000);
  });

  it('[FEE] a large amount pays exactly the cap', () => {
    expect(fee('1,000,000')).toBe(200_000);
    expect(fee('999,999,999.99')).toBe(200_000);
    expect(cardFundingFeeKobo(Number.MAX_SAFE_INTEGER)).toBe(200_000);
  });

  it('[FEE] negative, fractional or unsafe kobo amounts are refused', () => {
    expect(() => cardFundingFeeKobo(-1)).toThrow(RangeError);
    expect(() => cardFundingFeeKobo(1.5)).toThrow(RangeError);
    expect(() => cardFundingFeeKobo(2 ** 53)).toThrow(RangeError);
  });

  it('[FEE] the fee never decreases as the amount grows, never exceeds the cap, and matches the rule computed in integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 50_000_000 }), fc.integer({ min: 0, max: 1_000_000 }), (a, d) => {
        const f = cardFundingFeeKobo(a);
        expect(f).toBeLessThanOrEqual(200_000);
        expect(cardFundingFeeKobo(a + d)).toBeGreaterThanOrEqual(f);
        // Reference: round(a * 15 / 1000) half up, + 10,000 from 250,000, min 200,000.
        const pct = Math.floor((a * 15 * 2 + 1000) / 2000);
        expect(f).toBe(Math.min(200_000, pct + (a >= 250_000 ? 10_000 : 0)));
      }),
    );
  });
});
