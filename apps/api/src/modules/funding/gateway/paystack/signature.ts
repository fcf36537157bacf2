// Paystack's webhook signature (https://paystack.com/docs/payments/webhooks/#verify-event-origin):
// x-paystack-signature is the hex HMAC-SHA512 of the request body, keyed by the secret key. It is
// checked over the exact bytes received (never re-serialised JSON), in constant time.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PAYSTACK_SIGNATURE_HEADER = 'x-paystack-signature';

export const paystackSignature = (secretKey: string, rawBody: Buffer | string) =>
  createHmac('sha512', secretKey).update(rawBody).digest('hex');

export function paystackSignatureValid(
  secretKey: string,
  rawBody: Buffer,
  given: string | undefined,
): boolean {
  if (!given || !/^[0-9a-f]{128}$/i.test(given)) return false;
  const expected = Buffer.from(paystackSignature(secretKey, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
