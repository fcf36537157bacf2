// The client's time limit (timeoutMs): a server that never answers costs a caller timeoutMs per
// attempt, not forever; the request is aborted (the server sees its connection closed), a vend is
// retried with the same reference, and the last attempt ends in VendPortError TIMEOUT.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVendPortClient, VendPortError } from '../src/index';

let server: Server;
let baseUrl: string;
const seen: { body: string; closed: Promise<void> }[] = [];

beforeAll(async () => {
  // Reads each request and never answers it.
  server = createServer((req: IncomingMessage) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    const closed = new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
    req.on('end', () => seen.push({ body, closed }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('[CLIENT] timeoutMs', () => {
  it('[CLIENT] a call with no answer is aborted at timeoutMs, retried with the same reference, then a TIMEOUT VendPortError', async () => {
    const client = createVendPortClient({
      baseUrl,
      apiKey: 'vpk_test_never_answered',
      timeoutMs: 150,
      retry: { attempts: 2, baseDelayMs: 1 },
    });
    const started = Date.now();
    const err = await client
      .vend({
        reference: 'timeout-ref-1',
        phone: '08031234567',
        network: 'MTN',
        type: 'AIRTIME',
        amount: '100',
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendPortError);
    expect(err).toMatchObject({ status: 0, code: 'TIMEOUT', message: 'No answer within 150 ms' });
    // Two attempts of 150 ms each, not the server's forever.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(seen).toHaveLength(2);
    for (const s of seen) expect(JSON.parse(s.body).reference).toBe('timeout-ref-1');
    // The client closed both requests: the server sees their connections go.
    await Promise.all(seen.map((s) => s.closed));
  });
});
