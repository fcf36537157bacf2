// Reloadly webhook signatures, checked on every Reloadly webhook by vending's provider callbacks
// route (vending/lifecycle/provider-callbacks.routes.ts).
//
// The scheme: `X-Reloadly-Signature` is the HMAC-SHA256, hex-encoded, of `<raw body>:<X-Reloadly-Request-Timestamp>`
// keyed with the webhook's signing secret (not the API client secret).
//
// Source, and what is NOT verified: Reloadly's webhook documentation (on developers.reloadly.com) is not among
// the stored pages this was written from; searches of docs.reloadly.com, developers.reloadly.com and
// the Airtime book found no webhook page. The scheme above is what public Reloadly integrations compute
// (hex digest of `${body}:${timestamp}`, headers x-reloadly-signature and x-reloadly-request-timestamp). The
// timestamp's unit is not documented either, and the one public sample signs `String(Date.now())`, i.e.
// milliseconds; so a timestamp of 13 digits or more is read as milliseconds and a shorter one as seconds. The
// signature always covers the header's text exactly as received. Check both against Reloadly's page before
// relying on this in production.
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface ReloadlySignatureInput {
  /** The request body exactly as received (not re-serialised JSON). */
  rawBody: Buffer | string;
  /** X-Reloadly-Signature. */
  signature: string | undefined;
  /** X-Reloadly-Request-Timestamp, as received. */
  timestamp: string | undefined;
  secret: string;
  nowMs: number;
  /** How far (either way) the timestamp may be from now; default 300 s. */
  toleranceSeconds?: number;
}

export type ReloadlySignatureVerdict =
  | { ok: true }
  | {
      ok: false;
      reason:
        | 'MISSING_SIGNATURE'
        | 'MISSING_TIMESTAMP'
        | 'BAD_TIMESTAMP'
        | 'STALE_TIMESTAMP'
        | 'BAD_SIGNATURE';
    };

const HEX_SHA256 = /^[0-9a-fA-F]{64}$/;

/** The signature Reloadly would send for this body and timestamp (tests, the stand-in). */
export function signReloadlyWebhook(input: {
  rawBody: Buffer | string;
  timestamp: string;
  secret: string;
}): string {
  return digest(input.rawBody, input.timestamp, input.secret).toString('hex');
}

export function verifyReloadlySignature(input: ReloadlySignatureInput): ReloadlySignatureVerdict {
  const { signature, timestamp } = input;
  if (!signature) return { ok: false, reason: 'MISSING_SIGNATURE' };
  if (!timestamp) return { ok: false, reason: 'MISSING_TIMESTAMP' };
  const sentAtMs = timestampMs(timestamp);
  if (sentAtMs === null) return { ok: false, reason: 'BAD_TIMESTAMP' };
  const toleranceMs = (input.toleranceSeconds ?? 300) * 1000;
  if (Math.abs(input.nowMs - sentAtMs) > toleranceMs) return { ok: false, reason: 'STALE_TIMESTAMP' };
  const given = signature.trim();
  if (!HEX_SHA256.test(given)) return { ok: false, reason: 'BAD_SIGNATURE' };
  const expected = digest(input.rawBody, timestamp, input.secret);
  const actual = Buffer.from(given, 'hex');
  // Both are 32 bytes here (the pattern above); the length check keeps timingSafeEqual from throwing regardless.
  const same = actual.length === expected.length && timingSafeEqual(actual, expected);
  return same ? { ok: true } : { ok: false, reason: 'BAD_SIGNATURE' };
}

function digest(rawBody: Buffer | string, timestamp: string, secret: string): Buffer {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return createHmac('sha256', secret).update(body).update(`:${timestamp}`, 'utf8').digest();
}

/** Epoch milliseconds from the header: 13+ digits are milliseconds, fewer are seconds; null if not digits. */
function timestampMs(header: string): number | null {
  const text = header.trim();
  if (!/^\d{1,16}$/.test(text)) return null;
  const n = Number(text);
  return text.length >= 13 ? n : n * 1000;
}
