// Secrets never reach a log line: a credential in a URL is refused, and every secret-looking
// query parameter is redacted from the request lines.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDENTIALS_IN_URL } from '../plugins/api-key';
import { buildTestApp, type TestApp } from '../test/harness';
import { redactUrl } from './log';

describe('[LOG] redactUrl', () => {
  it('[LOG] replaces the value of every secret-looking parameter and keeps the rest', () => {
    expect(redactUrl('/api/v1/x?api_key=vpk_live_abc&page=2')).toBe('/api/v1/x?api_key=[redacted]&page=2');
    expect(redactUrl('/a?access%5Ftoken=t0k&limit=40&signature=zz&otp=123456')).toBe(
      '/a?access%5Ftoken=[redacted]&limit=40&signature=[redacted]&otp=[redacted]',
    );
    expect(redactUrl('/a?search=ada&startDate=2026-01-01')).toBe('/a?search=ada&startDate=2026-01-01');
    expect(redactUrl('/a?%E0%A4%A=1&password=p')).toBe('/a?%E0%A4%A=1&password=[redacted]');
    expect(redactUrl('/no-query')).toBe('/no-query');
  });
});

describe('[LOG] the request log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    t = await buildTestApp({ logger: { level: 'info', stream } });
  });
  afterAll(() => t.close());

  it('[LOG] an API key in the query string is refused with words (400) and never logged', async () => {
    const secret = 'vpk_live_0123456789abcdef0123456789abcdef';
    for (const name of ['api_key', 'apiKey', 'X-API-KEY', 'access_token', 'password']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/api/balance?${name}=${secret}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: CREDENTIALS_IN_URL });
    }
    // Other secret-looking parameters are not refused everywhere, but never logged either.
    await t.app.inject({ method: 'GET', url: `/api/v1/notifications?page=1&signature=${secret}` });
    const log = lines.join('');
    expect(log).toContain('/api/v1/api/balance?api_key=[redacted]');
    expect(log).toContain('signature=[redacted]');
    expect(log).not.toContain(secret);
  });
});
