// Operators' endpoints: metrics are not public, count requests by route pattern, and read the
// shared figures from the database; the health probes tell live from ready.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureRecurringJobs, runDueJobs } from '../../jobs';
import { buildTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let withToken: TestApp;
const TOKEN = 'metrics-token-0123456789';
beforeAll(async () => {
  t = await buildTestApp();
  withToken = await buildTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
  await withToken.close();
});

const scrape = (app: TestApp, o: { remoteAddress?: string; token?: string } = {}) =>
  app.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: o.remoteAddress ?? '127.0.0.1',
    headers: o.token ? { authorization: `Bearer ${o.token}` } : {},
  });

describe('[OPS] metrics', () => {
  it('[OPS] metrics answer only this machine without a token, and only the token with one', async () => {
    expect((await scrape(t, { remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
    expect((await scrape(t)).statusCode).toBe(200);
    expect((await scrape(withToken)).statusCode).toBe(403);
    expect((await scrape(withToken, { token: 'metrics-token-wrong-000' })).statusCode).toBe(403);
    expect((await scrape(withToken, { token: TOKEN, remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
  });

  it('[OPS] requests are counted by route pattern and status; the shared figures come from the database', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    await t.app.inject({ method: 'GET', url: '/api/v1/vend/00000000-0000-4000-8000-000000000000' });
    // The books check runs as a recurring job and leaves its result for the scrape.
    await ensureRecurringJobs(t.app.ctx);
    await runDueJobs(t.app.ctx, { now: new Date() });
    const text = (await scrape(t)).body;
    expect(text).toMatch(
      /vendport_http_requests_total\{method="GET",route="\/api\/v1\/health",status="200"\} 1/,
    );
    // An id in the URL is never a label: the route's pattern is.
    expect(text).toMatch(/route="\/api\/v1\/vend\/:id",status="401"/);
    expect(text).not.toContain('00000000-0000-4000-8000-000000000000');
    expect(text).toMatch(/vendport_http_request_duration_seconds_bucket\{/);
    expect(text).toMatch(/^vendport_vends_pending 0$/m);
    expect(text).toMatch(/^vendport_vends_pending_oldest_seconds 0$/m);
    expect(text).toMatch(/^vendport_webhook_deliveries_failed 0$/m);
    expect(text).toMatch(/^vendport_books_check_ok 1$/m);
    expect(text).toMatch(/^vendport_books_check_violations 0$/m);
    expect(text).toMatch(/vendport_jobs_queued\{queue="requery-sweep"\} 1/);
  });
});

describe('[OPS] health', () => {
  it('[OPS] live answers while the process runs; ready once the database answers and every migration is applied', async () => {
    const live = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect(live.json()).toMatchObject({ success: true, data: { status: 'live' } });
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    const { applied, expected } = ready.json().data.migrations;
    expect(applied).toBe(expected);
    expect(expected).toBeGreaterThan(10);
  });

  it('[OPS] draining (SIGTERM with SHUTDOWN_DRAIN_MS): ready answers 503 "draining" while every other call is still served', async () => {
    t.app.ctx.lifecycle.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({
        success: false,
        message: 'Shutting down: finishing the requests in flight',
        data: { status: 'draining', database: 'up' },
      });
      const live = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      t.app.ctx.lifecycle.draining = false;
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
  });

  it('[OPS] GET /health is the readiness probe: the same answer as /health/ready, with the engine', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(health.statusCode).toBe(200);
    expect(health.body).toBe(ready.body);
    expect(health.json()).toMatchObject({
      success: true,
      message: 'Ready',
      data: { status: 'ready', database: 'up', engine: t.app.ctx.dbHandle.kind },
    });
  });
});
