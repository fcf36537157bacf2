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

const tooLarge = (label: string, maxKobo: number | undefined) =>
  maxKobo === undefined ? `${label} is too large` : `${label} is too large: at most ${formatNaira(maxKobo)}`;

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
 * Zod field for a naira amount at the HTTP edge: accepts "2,500.50" or 2500.5, yields kobo. `max`
 * (kobo), when given, refuses a larger amount as too large, quoting it.
 */
export const nairaAmount = (opts: { min?: number; max?: number; label?: string } = {}) => {
  const label = opts.label ?? 'Amount';
  const minKobo = opts.min ?? 1;
  return z.union([z.string(), z.number()], { error: `Enter ${articled(label)}` }).transform((v, ctx) => {
    if (typeof v === 'string' && v.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `Enter ${articled(label)}` });
      return z.NEVER;
    }
    if (/^\s*-/.test(String(v))) {
      ctx.addIssue({ code: 'custom', message: `${label} must be more than ₦0` });
      return z.NEVER;
    }
    const kobo = parseNairaToKobo(v);
    if (kobo === null) {
      // A well-formed number too long to hold is too large, not badly written (issue 36 point 17).
      ctx.addIssue({
        code: 'custom',
        message: isOverlongNaira(v)
          ? tooLarge(label, opts.max)
          : `${label} must be a naira amount with at most two decimals`,
      });
      return z.NEVER;
    }
    if (kobo < minKobo) {
      ctx.addIssue({ code: 'custom', message: `${label} must be at least ${formatNaira(minKobo)}` });
      return z.NEVER;
    }
    if (opts.max !== undefined && kobo > opts.max) {
      ctx.addIssue({ code: 'custom', message: tooLarge(label, opts.max) });
      return z.NEVER;
    }
    return kobo;
  });
};
