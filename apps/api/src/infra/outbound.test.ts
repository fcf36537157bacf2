// Outbound hygiene (issue 49): a call is aborted at its deadline (the request itself, not only our
// wait for it), nothing is sent once the deadline has passed, and a body is read only up to its cap
// before it is parsed or kept. Then the same through the adapters: a Reloadly top-up never goes out
// after the vend's deadline passed during its token call, and VTpass's oversized answer is kept cut.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callProvider } from '../modules/providers/providers.service';
import { createReloadlyClient } from '../modules/providers/reloadly.client';
import { ReloadlyProvider } from '../modules/providers/reloadly.provider';
import { createVtpassClient } from '../modules/providers/vtpass.client';
import { VtpassProvider } from '../modules/providers/vtpass.provider';
import { DEFAULT_BODY_LIMIT_BYTES, exchangeJson } from './outbound';

let server: Server;
let base: string;
/** What the server does with the next request on a path. */
const handlers = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();

beforeAll(async () => {
  server = createServer((req, res) => handlers.get(req.url ?? '')?.(req, res));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body: { a: 1 } };

describe('[OUTBOUND] every call is bounded', () => {
  it("[OUTBOUND] the caller's deadline aborts the request in flight: the server sees its connection closed", async () => {
    const deadline = new AbortController();
    let closed!: Promise<void>;
    handlers.set('/hold', (req) => {
      closed = new Promise((resolve) => req.socket.once('close', () => resolve()));
      // The request has arrived and is held: now the vend's deadline passes.
      deadline.abort();
    });
    const answer = await exchangeJson(fetch, `${base}/hold`, post, 60_000, { signal: deadline.signal });
    expect(answer).toMatchObject({ noAnswer: true });
    await closed;
  });

  it('[OUTBOUND] once the deadline has passed nothing is sent at all', async () => {
    const sent: string[] = [];
    const spy = (async (url: string) => {
      sent.push(url);
      return new Response('{}');
    }) as unknown as typeof fetch;
    const gone = AbortSignal.abort();
    const answer = await exchangeJson(spy, `${base}/never`, post, 60_000, { signal: gone });
    expect(answer).toEqual({ noAnswer: true, reason: 'not sent: the deadline had passed' });
    expect(sent).toEqual([]);
  });

  it('[OUTBOUND] a body past the cap is cut there and kept as text, never parsed; one within it is parsed', async () => {
    const big = JSON.stringify({ code: '000', padding: 'x'.repeat(DEFAULT_BODY_LIMIT_BYTES) });
    handlers.set('/big', (_req, res) => res.end(big));
    handlers.set('/small', (_req, res) => res.end('{"code":"000"}'));
    const cut = await exchangeJson(fetch, `${base}/big`, post, 5_000);
    expect(cut).toMatchObject({ httpStatus: 200 });
    const body = (cut as { body: unknown }).body;
    expect(typeof body).toBe('string');
    expect(Buffer.byteLength(body as string)).toBe(DEFAULT_BODY_LIMIT_BYTES);
    const smaller = await exchangeJson(fetch, `${base}/big`, post, 5_000, { maxBodyBytes: 2_048 });
    expect(Buffer.byteLength((smaller as { body: string }).body)).toBe(2_048);
    expect(await exchangeJson(fetch, `${base}/small`, post, 5_000)).toEqual({
      httpStatus: 200,
      body: { code: '000' },
    });
  });
});

describe('[OUTBOUND] through the adapters', () => {
  it("[OUTBOUND] a Reloadly top-up never goes out after the vend's deadline passed during its token call", async () => {
    const calls: string[] = [];
    let releaseToken!: () => void;
    const tokenHeld = new Promise<void>((r) => {
      releaseToken = r;
    });
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push(new URL(url).pathname);
      if (url.endsWith('/oauth/token')) {
        await tokenHeld;
        return new Response(JSON.stringify({ access_token: 'tok', expires_in: 3600 }));
      }
      if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
      if (url.includes('/auto-detect/'))
        return new Response(JSON.stringify({ operatorId: 341, name: 'MTN Nigeria' }));
      return new Response(JSON.stringify({ transactionId: 1, status: 'SUCCESSFUL' }));
    }) as unknown as typeof fetch;
    const provider = new ReloadlyProvider(
      createReloadlyClient({
        authUrl: 'http://reloadly.test',
        baseUrl: 'http://reloadly.test',
        clientId: 'id',
        clientSecret: 'secret',
        timeoutMs: 60_000,
        fetch: fakeFetch,
      }),
    );
    let inner!: Promise<unknown>;
    const answer = await callProvider((signal) => {
      inner = provider.vend({
        reference: 'VND-DEADLINE',
        requestId: 'VND-DEADLINE',
        providerReference: null,
        providerPlanCode: null,
        msisdn: '+2348031234567',
        network: 'MTN',
        serviceType: 'AIRTIME',
        amountKobo: 10_000,
        planCode: null,
        line: null,
        signal,
      });
      return inner as ReturnType<ReloadlyProvider['vend']>;
    }, 100);
    expect(answer.outcome).toBe('TIMEOUT');
    // The token arrives late: the adapter must not go on to detect the operator or top up.
    releaseToken();
    const late = (await inner) as { outcome: string };
    expect(late.outcome).toBe('FAILED');
    expect(calls).toEqual(['/oauth/token']);
  });

  it('[OUTBOUND] VTpass answering megabytes: the answer kept for the attempt is cut at the cap and read as unknown', async () => {
    const huge = `{"code":"000","content":{"transactions":{"status":"delivered"}},"pad":"${'y'.repeat(1_000_000)}"}`;
    const client = createVtpassClient({
      baseUrl: 'http://vtpass.test/api',
      apiKey: 'a',
      secretKey: 's',
      publicKey: 'p',
      timeoutMs: 5_000,
      fetch: (async () => new Response(huge)) as unknown as typeof fetch,
    });
    const a = await new VtpassProvider(client).vend({
      reference: 'VND-HUGE',
      requestId: '202601010000VNDHUGE',
      providerReference: null,
      providerPlanCode: null,
      msisdn: '+2348011111111',
      network: 'MTN',
      serviceType: 'AIRTIME',
      amountKobo: 10_000,
      planCode: null,
      line: null,
    });
    expect(a.outcome).toBe('PENDING');
    const raw = a.raw as { body: string };
    expect(Buffer.byteLength(raw.body)).toBe(DEFAULT_BODY_LIMIT_BYTES);
  });
});
