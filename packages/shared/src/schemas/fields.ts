// Field schemas shared by the vending domains' files (not exported from the package).
import { z } from 'zod';
import { AMOUNT_LIMITS } from '../amount-limits';
import { nairaAmount, parseNairaToKobo } from '../money';
import { normaliseMsisdn } from '../phone';

/** Bounds every service's min/max must fall within: NGN 1 to NGN 1,000,000. */
export const VEND_AMOUNT_FLOOR_KOBO = AMOUNT_LIMITS.catalogue.minKobo;

export const VEND_AMOUNT_CEILING_KOBO = AMOUNT_LIMITS.catalogue.maxKobo;

export const koboInt = z.number().int();

/** A service's bound or a plan's price: NGN 1 to NGN 1,000,000. */
export const vendAmount = (label: string) =>
  nairaAmount({ min: VEND_AMOUNT_FLOOR_KOBO, max: VEND_AMOUNT_CEILING_KOBO, label });

/**
 * The amount of one vend: only a well-formed naira amount here, whatever its sign or size. Its
 * limits are the service's and the platform's (vendBounds), checked where they are known and
 * quoted in one message, so ₦0, -₦5 or ₦5,000,000 is refused with the same bounds the vend form's
 * hint shows (issue 36 point 17, issue 53 point 5). A negative amount parses to a negative number
 * of kobo and an over-long one to more than any bound, for that check to refuse.
 */
const ask = (label: string) => `Enter ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label.toLowerCase()}`;

export const vendRequestAmount = (label: string) =>
  z.union([z.string(), z.number()], { error: ask(label) }).transform((v, ctx) => {
    const s = String(v).trim();
    const negative = s.startsWith('-');
    const kobo = parseNairaToKobo(negative ? s.slice(1) : s);
    if (kobo !== null) return negative ? -kobo : kobo;
    if (/^-?[\d,]+(\.\d{1,2})?$/.test(s.replace(/^₦\s*/, ''))) return Number.MAX_SAFE_INTEGER;
    ctx.addIssue({
      code: 'custom',
      message:
        s === ''
          ? `Enter ${label.toLowerCase()}`
          : `${label} must be a naira amount with at most two decimals`,
    });
    return z.NEVER;
  });

export const planCode = z
  .string({ error: 'Plan code is required' })
  .trim()
  .min(1, 'Plan code is required')
  .max(40, 'Plan code is too long')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'Plan codes use letters, digits, dot, dash and underscore');

export const csvFormat = z
  .enum(['json', 'csv'])
  .default('json')
  .describe('csv: the filtered rows as a CSV download (at most 10,000)');

/** A Nigerian phone number in any common form, normalised to +234XXXXXXXXXX. */
export const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(20, 'Enter a valid Nigerian phone number')
  .transform((v, ctx) => {
    const n = normaliseMsisdn(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid Nigerian phone number' });
      return z.NEVER;
    }
    return n;
  })
  .describe('A Nigerian number in any common form: 0803..., 234803..., +234803..., 803...');
