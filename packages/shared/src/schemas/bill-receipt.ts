// A bill's receipt sent to the customer (issue 51 point 5): to an email address, a Nigerian phone
// number by SMS, or both; at least one. The answer names where it went, masked.
import { z } from 'zod';
import { emailSchema } from './auth';
import { phoneField } from './fields';

/** An empty field is no destination (the form sends what the user left blank as ""). */
const blankAsNone = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);

export const BILL_SEND_NEEDS_ONE = 'Enter an email address or a phone number';

export const billSendBody = z
  .object({
    email: z.preprocess(blankAsNone, emailSchema.optional()),
    phone: z.preprocess(blankAsNone, phoneField.optional()),
  })
  // Under the email field, the first of the two, where a form shows it.
  .refine((b) => b.email !== undefined || b.phone !== undefined, {
    message: BILL_SEND_NEEDS_ONE,
    path: ['email'],
  });
export type BillSendBody = z.input<typeof billSendBody>;

export const billSendView = z.object({
  /** The email address it was written to, masked (null: not asked). */
  email: z.string().nullable(),
  /** The phone number the SMS went to, masked (null: not asked). */
  phone: z.string().nullable(),
});
export type BillSendView = z.infer<typeof billSendView>;

/** An email address as audit summaries and answers show it: jo***@example.com. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${(local ?? '').slice(0, 2)}***@${domain ?? ''}`;
}

/** A phone number (+234XXXXXXXXXX) as audit summaries show it: +234803****567. */
export function maskPhone(msisdn: string): string {
  return msisdn.length > 7 ? `${msisdn.slice(0, 7)}****${msisdn.slice(-3)}` : '****';
}
