// The API the client's tests call: started in-process on a free port (PGlite, or PostgreSQL with
// TEST_DB_KIND=pg), with a client in it that has the default services, sandbox money and a
// sandbox (TEST) API key; and a local webhook receiver.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { runDueJobs } from '../../../apps/api/src/jobs';
import { apiKeyFor, assignDefaults, fund } from '../../../apps/api/src/modules/vending/vending.testing';
import { createCorporate, type TestUser } from '../../../apps/api/src/test/factories';
import { buildTestApp, type TestApp } from '../../../apps/api/src/test/harness';

export interface RunningApi {
  t: TestApp;
  baseUrl: string;
  corp: TestUser & { corporateId: string };
  sandboxKey: string;
  /** A portal call as the client's owner (e.g. POST web-hook-url). */
  portal(method: string, url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  /** Delivers the queued webhooks now (the job queue's run). */
  deliverWebhooks(): Promise<void>;
  close(): Promise<void>;
}

export async function startApi(env: Record<string, string> = {}): Promise<RunningApi> {
  const t = await buildTestApp({ env });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  const corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 1_000_000, 'SANDBOX');
  const sandboxKey = await apiKeyFor(t.app, corp.corporateId, 'TEST');
  return {
    t,
    baseUrl: `http://127.0.0.1:${port}`,
    corp,
    sandboxKey,
    portal: (method, url, payload) =>
      t.app.inject({
        method: method as 'GET',
        url: `/api/v1/${url}`,
        headers: corp.headers,
        payload: payload as object,
      }),
    deliverWebhooks: async () => {
      await runDueJobs(t.app.ctx, { now: new Date() });
    },
    close: () => t.close(),
  };
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A client's webhook endpoint: records each delivery (raw body) and answers 200. */
export class Receiver {
  received: Received[] = [];
  url = '';
  private server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.statusCode = 200;
      res.end('ok');
    });
  });
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/vendport/events`;
  }
  stop() {
    return new Promise((r) => this.server.close(r));
  }
}

/** Waits until `check` holds (or fails after `ms`). */
export async function until(check: () => boolean | Promise<boolean>, ms = 10_000, what = 'condition') {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
