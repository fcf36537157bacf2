// Reloadly webhook signatures: hex HMAC-SHA256 of `<raw body>:<timestamp>`, checked in constant time, with
// a timestamp inside the tolerance (seconds or milliseconds).
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signReloadlyWebhook, verifyReloadlySignature } from './reloadly.signature';

const secret = 'whsec_reloadly_test';
const rawBody = '{"type":"airtime_transaction.status","data":{"transactionId":4821,"status":"SUCCESSFUL"}}';
const nowMs = 1_790_000_000_000;

describe('signReloadlyWebhook', () => {
  it('is the hex HMAC-SHA256 of body + ":" + timestamp', () => {
    const timestamp = String(nowMs);
    const expected = createHmac('sha256', secret).update(`${rawBody}:${timestamp}`).digest('hex');
    expect(signReloadlyWebhook({ rawBody, timestamp, secret })).toBe(expected);
    expect(signReloadlyWebhook({ rawBody: Buffer.from(rawBody), timestamp, secret })).toBe(expected);
  });
});

describe('verifyReloadlySignature', () => {
  const signed = (timestamp: string, body: string | Buffer = rawBody) => ({
    rawBody: body,
    timestamp,
    signature: signReloadlyWebhook({ rawBody: body, timestamp, secret }),
    secret,
    nowMs,
  });

  it('accepts a fresh signature, with a millisecond or a second timestamp, and a Buffer body', () => {
    expect(verifyReloadlySignature(signed(String(nowMs - 10_000)))).toEqual({ ok: true });
    expect(verifyReloadlySignature(signed(String(Math.floor(nowMs / 1000) - 10)))).toEqual({ ok: true });
    expect(verifyReloadlySignature(signed(String(nowMs), Buffer.from(rawBody)))).toEqual({ ok: true });
  });

  it('accepts upper-case hex', () => {
    const s = signed(String(nowMs));
    expect(verifyReloadlySignature({ ...s, signature: s.signature.toUpperCase() })).toEqual({ ok: true });
  });

  it('refuses a changed body, a changed timestamp and a wrong secret', () => {
    const s = signed(String(nowMs));
    expect(verifyReloadlySignature({ ...s, rawBody: rawBody.replace('4821', '4822') })).toEqual({
      ok: false,
      reason: 'BAD_SIGNATURE',
    });
    expect(verifyReloadlySignature({ ...s, timestamp: String(nowMs - 1) })).toMatchObject({
      reason: 'BAD_SIGNATURE',
    });
    expect(verifyReloadlySignature({ ...s, secret: 'other' })).toMatchObject({ reason: 'BAD_SIGNATURE' });
  });

  it('refuses a signature of the wrong length or alphabet without throwing', () => {
    const s = signed(String(nowMs));
    for (const signature of [
      s.signature.slice(2),
      `${s.signature}00`,
      'zz'.repeat(32),
      Buffer.from('x').toString('base64'),
    ]) {
      expect(verifyReloadlySignature({ ...s, signature })).toEqual({ ok: false, reason: 'BAD_SIGNATURE' });
    }
  });

  it('refuses timestamps outside the tolerance, in the past or the future', () => {
    expect(verifyReloadlySignature(signed(String(nowMs - 301_000)))).toEqual({
      ok: false,
      reason: 'STALE_TIMESTAMP',
    });
    expect(verifyReloadlySignature(signed(String(nowMs + 301_000)))).toEqual({
      ok: false,
      reason: 'STALE_TIMESTAMP',
    });
    expect(verifyReloadlySignature({ ...signed(String(nowMs - 301_000)), toleranceSeconds: 600 })).toEqual({
      ok: true,
    });
    expect(verifyReloadlySignature({ ...signed(String(nowMs - 300_000)) })).toEqual({ ok: true });
  });

  it('names what is missing or malformed', () => {
    const s = signed(String(nowMs));
    expect(verifyReloadlySignature({ ...s, signature: undefined })).toEqual({
      ok: false,
      reason: 'MISSING_SIGNATURE',
    });
    expect(verifyReloadlySignature({ ...s, timestamp: undefined })).toEqual({
      ok: false,
      reason: 'MISSING_TIMESTAMP',
    });
    expect(verifyReloadlySignature({ ...s, timestamp: '2026-01-01T00:00:00Z' })).toEqual({
      ok: false,
      reason: 'BAD_TIMESTAMP',
    });
  });
});
