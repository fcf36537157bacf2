import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addThousandsSeparators,
  amountHint,
  formatNaira,
  koboToNairaString,
  nairaAmount,
  parseNairaToKobo,
} from './money';
import { portalVendBody } from './schemas/vends';
import { fundingAmount } from './schemas/wallet';
import { vendBounds, vendBoundsHint, vendBoundsMessage } from './vend-limits';

describe('[MONEY] parsing naira into kobo without floats', () => {
  it('[MONEY] "0.1" + "0.2" is exactly "0.3" in kobo (where 0.1 + 0.2 !== 0.3 in floats)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const sum = parseNairaToKobo('0.1')! + parseNairaToKobo('0.2')!;
    expect(sum).toBe(30);
    expect(sum).toBe(parseNairaToKobo('0.3'));
    // A float sum of many small amounts drifts; kobo sums do not.
    let float = 0;
    let kobo = 0;
    for (let i = 0; i < 1000; i++) {
      float += 0.1;
      kobo += parseNairaToKobo('0.1')!;
    }
    expect(float).not.toBe(100);
    expect(kobo).toBe(10_000);
  });

  it('[MONEY] accepts separators, one or two decimals, a naira sign, numbers, and surrounding spaces', () => {
    expect(parseNairaToKobo('1,000.5')).toBe(100_050);
    expect(parseNairaToKobo('1,000.50')).toBe(100_050);
    expect(parseNairaToKobo('2500')).toBe(250_000);
    expect(parseNairaToKobo(' 2,500.05 ')).toBe(250_005);
    expect(parseNairaToKobo('₦2,500.50')).toBe(250_050);
    expect(parseNairaToKobo('NGN 10')).toBe(1_000);
    expect(parseNairaToKobo('0.01')).toBe(1);
    expect(parseNairaToKobo('007')).toBe(700);
    expect(parseNairaToKobo(2500.5)).toBe(250_050);
    expect(parseNairaToKobo(0.07)).toBe(7);
    expect(parseNairaToKobo(1_234_567.89)).toBe(123_456_789);
  });

  it('[MONEY] refuses more than two decimals, words, negatives, exponents and empty input', () => {
    for (const bad of [
      '1.005',
      '0.001',
      'abc',
      '12abc',
      '-5',
      '-0.01',
      '1e3',
      '',
      ' ',
      '.',
      '5.',
      '.5',
      '1.2.3',
      'NaN',
      'Infinity',
    ]) {
      expect(parseNairaToKobo(bad), JSON.stringify(bad)).toBeNull();
    }
    for (const bad of [1.005, -1, Number.NaN, Number.POSITIVE_INFINITY, 1e21]) {
      expect(parseNairaToKobo(bad), String(bad)).toBeNull();
    }
  });

  it('[MONEY] refuses amounts beyond a safe integer of kobo', () => {
    expect(parseNairaToKobo('90071992547409.91')).toBe(Number.MAX_SAFE_INTEGER);
    expect(parseNairaToKobo('90071992547409.92')).toBeNull();
    expect(parseNairaToKobo('99999999999999999999')).toBeNull();
  });

  it('[MONEY] kobo -> naira string -> kobo is the identity, with or without separators', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (k) => {
        const s = koboToNairaString(k);
        expect(s).toMatch(/^\d+\.\d{2}$/);
        expect(parseNairaToKobo(s)).toBe(k);
        expect(parseNairaToKobo(addThousandsSeparators(s))).toBe(k);
      }),
    );
  });
});

describe('[MONEY] formatting', () => {
  it('[MONEY] kobo print as naira with two decimals and en-NG separators', () => {
    expect(koboToNairaString(250_050)).toBe('2500.50');
    expect(koboToNairaString(5)).toBe('0.05');
    expect(koboToNairaString(-750_000)).toBe('-7500.00');
    expect(addThousandsSeparators('1234567.5')).toBe('1,234,567.5');
    expect(addThousandsSeparators('-1234')).toBe('-1,234');
    expect(formatNaira(250_050)).toBe('₦2,500.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(Number.MAX_SAFE_INTEGER)).toBe('₦90,071,992,547,409.91');
    expect(formatNaira(-Number.MAX_SAFE_INTEGER)).toBe('-₦90,071,992,547,409.91');
    expect(formatNaira(-1)).toBe('-₦0.01');
    expect(formatNaira(100_000)).toBe('₦1,000.00');
    expect(formatNaira(12.5)).toBe('₦0.13');
  });

  it('[MONEY] naira print as Intl en-NG NGN prints them, for every whole kobo tried', () => {
    const intl = new Intl.NumberFormat('en-NG', {
      style: 'currency',
      currency: 'NGN',
      minimumFractionDigits: 2,
    });
    const tried: number[] = [];
    for (let k = 7; k < 200_000; k += 7) tried.push(k, -k);
    for (let p = 1; p <= 2 ** 50; p *= 10) tried.push(p - 1, p, p + 1, -p);
    let x = 12_345;
    for (let i = 0; i < 5_000; i++) {
      x = (x * 1_103_515_245 + 12_345) % 2 ** 31;
      tried.push(x * 1_000 + (i % 1_000), -(x * 37));
    }
    const differ = tried.filter((k) => formatNaira(k) !== intl.format(k / 100));
    expect(tried.length).toBeGreaterThan(60_000);
    expect(differ).toEqual([]);
    // Intl prints a negative zero as "-₦0.00"; no amount is less than nothing.
    expect(formatNaira(-0)).toBe('₦0.00');
  });
});

describe('[MONEY] nairaAmount field', () => {
  it('[MONEY] yields kobo within its limits; every refusal quotes both (issue 53 point 5)', () => {
    const field = nairaAmount({ min: 10_000, max: 100_000_000, label: 'Amount' });
    expect(field.parse('2,500.50')).toBe(250_050);
    expect(field.parse(100)).toBe(10_000);
    const range = 'between ₦100.00 and ₦1,000,000.00';
    for (const [input, message] of [
      ['', `Enter an amount ${range}`],
      ['0', `Amount must be ${range}`],
      ['-5', `Amount must be ${range}`],
      [-5, `Amount must be ${range}`],
      ['99.99', `Amount must be ${range}`],
      ['1,000,000.01', `Amount must be ${range}`],
      ['99999999999999', `Amount must be ${range}`],
      [99999999999999, `Amount must be ${range}`],
      ['1.234', `Amount must be a naira amount ${range}, with at most two decimals`],
      ['abc', `Amount must be a naira amount ${range}, with at most two decimals`],
    ] as const)
      expect(field.safeParse(input).error?.issues[0].message, String(input)).toBe(message);
    expect(amountHint({ minKobo: 10_000, maxKobo: 100_000_000 })).toBe('Between ₦100.00 and ₦1,000,000.00');
    expect(nairaAmount({ min: 0, max: 100 }).parse('0')).toBe(0);
    expect(nairaAmount({ min: 0, max: 100, label: 'Price' }).safeParse('').error?.issues[0].message).toBe(
      'Enter a price between ₦0.00 and ₦1.00',
    );
  });

  it('[MONEY] an over-long number is too large, not badly written (issue 36 point 17)', () => {
    const funding = fundingAmount();
    for (const input of ['99999999999999', 99999999999999, '1,000,000,001'])
      expect(funding.safeParse(input).error?.issues[0].message).toBe(
        'Amount must be between ₦100.00 and ₦1,000,000,000.00',
      );
    // Still badly written: three decimals.
    expect(funding.safeParse('100.005').error?.issues[0].message).toBe(
      'Amount must be a naira amount between ₦100.00 and ₦1,000,000,000.00, with at most two decimals',
    );
  });

  it('[MONEY] a vend quotes the tighter of its service and platform limits (issue 36 point 17)', () => {
    const service = { minAmountKobo: 5_000, maxAmountKobo: 5_000_000 };
    expect(vendBounds(service, 2_000_000)).toEqual({ minKobo: 5_000, maxKobo: 2_000_000 });
    expect(vendBounds(service, 100_000_000)).toEqual({ minKobo: 5_000, maxKobo: 5_000_000 });
    const b = vendBounds(service, null);
    expect(vendBoundsHint(b)).toBe('Between ₦50.00 and ₦50,000.00');
    expect(vendBoundsMessage(b, 'MTN', 'AIRTIME')).toBe(
      'Amount must be between ₦50.00 and ₦50,000.00 for MTN airtime',
    );
    // The vend body takes any well-formed amount: the bounds say the rest.
    expect(portalVendBody.parse({ phone: '08031234567', type: 'AIRTIME', amount: '0' }).amount).toBe(0);
    expect(portalVendBody.parse({ phone: '08031234567', type: 'AIRTIME', amount: '5,000,000' }).amount).toBe(
      500_000_000,
    );
  });

  it('[MONEY] a vend amount of any sign or size reaches the bounds check; only a malformed one is refused first', () => {
    const amount = (v: string) =>
      portalVendBody.safeParse({ phone: '08031234567', type: 'AIRTIME', amount: v });
    expect(amount('-5').data?.amount).toBe(-500);
    expect(amount('99999999999999').data?.amount).toBe(Number.MAX_SAFE_INTEGER);
    expect(amount('1.234').error?.issues[0].message).toBe(
      'Amount must be a naira amount with at most two decimals',
    );
  });
});
