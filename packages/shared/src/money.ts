// Money is integer kobo below the edge. Naira strings are parsed digit by digit, never as floats.
import { z } from 'zod';

export const KOBO_PER_NAIRA = 100;

/** Parse "2,500", "2500.5", "2500.50" or 2500 into kobo. Returns null when it is not a naira amount. */
export function parseNairaToKobo(input: string | number): number | null {
  const raw = typeof input === 'number' ? numberToPlainString(input) : input;
  if (raw === null) return null;
  const s = raw
    .trim()
    .replace(/,/g, '')
    .replace(/^₦\s*/, '')
    .replace(/^NGN\s*/i, '');
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const naira = m[1].replace(/^0+(?=\d)/, '');
  const kobo = (m[2] ?? '').padEnd(2, '0');
  const total = BigInt(naira) * 100n + BigInt(kobo || '0');
  if (total > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(total);
}

function numberToPlainString(n: number): string | null {
  if (!Number.isFinite(n) || n < 0) return null;
  // Numbers are only accepted when their decimal form has at most two decimals.
  const s = String(n);
  if (/e/i.test(s)) return null;
  return s;
}

/** Kobo to a naira string with two decimals, no separators: 250050 -> "2500.50". */
export function koboToNairaString(kobo: number): string {
  const neg = kobo < 0;
  const abs = Math.abs(kobo);
  let s: string;
  if (Number.isSafeInteger(abs)) {
    // Exact in floating point below 2^53, and several times cheaper than BigInt (issue 17: every
    // vend prints amounts).
    const k = abs % 100;
    s = `${(abs - k) / 100}.${k < 10 ? '0' : ''}${k}`;
  } else {
    const b = BigInt(abs);
    s = `${b / 100n}.${(b % 100n).toString().padStart(2, '0')}`;
  }
  return neg ? `-${s}` : s;
}

/** Insert thousands separators into a numeric string (spec §9): "1234567.5" -> "1,234,567.5". */
export function addThousandsSeparators(numeric: string): string {
  const dot = numeric.indexOf('.');
  const int = dot < 0 ? numeric : numeric.slice(0, dot);
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let i = grouped.length; i < digits.length; i += 3) grouped += `,${digits.slice(i, i + 3)}`;
  return `${sign}${grouped}${dot < 0 ? '' : numeric.slice(dot)}`;
}

const ngn = new Intl.NumberFormat('en-NG', { style: 'currency', currency: 'NGN', minimumFractionDigits: 2 });

/**
 * en-NG naira: 250050 kobo -> "₦2,500.50", -1 -> "-₦0.01". Whole kobo are printed digit by digit,
 * the same text as Intl's en-NG NGN currency format (money.test.ts holds them equal), at half its
 * cost: every vend's answer and timeline print several amounts (issue 17). A fraction of a kobo
 * goes through Intl.
 */
export function formatNaira(kobo: number): string {
  if (!Number.isInteger(kobo)) return ngn.format(kobo / 100);
  const s = addThousandsSeparators(koboToNairaString(kobo));
  return s.startsWith('-') ? `-₦${s.slice(1)}` : `₦${s}`;
}

/** "Amount" -> "an amount", "Price" -> "a price": the noun as a person would ask for it. */
const articled = (label: string) => `${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;

/** A naira amount written correctly whose value is past what kobo can hold exactly (or in exponent form). */
function isOverlongNaira(v: string | number): boolean {
  if (typeof v === 'number') return Number.isFinite(v) && v > Number.MAX_SAFE_INTEGER / 100;
  const s = v
    .trim()
    .replace(/,/g, '')
    .replace(/^₦\s*/, '')
    .replace(/^NGN\s*/i, '');
  return /^\d+(?:\.\d{1,2})?$/.test(s);
}

/**
 * The amounts a money field takes, in kobo (issue 53 point 5). Every money field has both ends,
 * from one place (the service, the platform settings, or a constant beside its schema); the
 * field's hint and every refusal of it quote them, so "Between ₦50.00 and ₦50,000.00" is never
 * followed by a message with other numbers.
 */
export type AmountLimits = { minKobo: number; maxKobo: number };

/** "Between ₦100.00 and ₦1,000,000,000.00": the hint under a money field, shown before any error. */
export const amountHint = (l: AmountLimits) =>
  `Between ${formatNaira(l.minKobo)} and ${formatNaira(l.maxKobo)}`;

/** "Amount must be between ₦100.00 and ₦1,000,000,000.00": the refusal of an amount outside them. */
export const amountRefusal = (label: string, l: AmountLimits) =>
  `${label} must be between ${formatNaira(l.minKobo)} and ${formatNaira(l.maxKobo)}`;

export const withinAmountLimits = (kobo: number, l: AmountLimits) => kobo >= l.minKobo && kobo <= l.maxKobo;

/**
 * Zod field for a naira amount at the HTTP edge: accepts "2,500.50" or 2500.5, yields kobo within
 * `min`..`max` (kobo). Every refusal (empty, negative, letters, three decimals, too small, too
 * large, too long to hold) quotes both ends, in the words of amountHint.
 */
export const nairaAmount = (opts: { min: number; max: number; label?: string }) => {
  const label = opts.label ?? 'Amount';
  const limits: AmountLimits = { minKobo: opts.min, maxKobo: opts.max };
  const outside = amountRefusal(label, limits);
  const range = amountHint(limits).replace(/^Between/, 'between');
  return z
    .union([z.string(), z.number()], { error: `Enter ${articled(label)} ${range}` })
    .transform((v, ctx) => {
      if (typeof v === 'string' && v.trim() === '') {
        ctx.addIssue({ code: 'custom', message: `Enter ${articled(label)} ${range}` });
        return z.NEVER;
      }
      const kobo = /^\s*-/.test(String(v)) ? -1 : parseNairaToKobo(v);
      if (kobo === null) {
        // A well-formed number too long to hold is too large, not badly written (issue 36 point 17).
        ctx.addIssue({
          code: 'custom',
          message: isOverlongNaira(v)
            ? outside
            : `${label} must be a naira amount ${range}, with at most two decimals`,
        });
        return z.NEVER;
      }
      if (!withinAmountLimits(kobo, limits)) {
        ctx.addIssue({ code: 'custom', message: outside });
        return z.NEVER;
      }
      return kobo;
    });
};
