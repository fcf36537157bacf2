// Contract fixtures: each file under fixtures/ is one answer Paystack documents, the page it comes
// from ("source"), what the page says of it ("documented") and the one outcome it must map to. Then a
// property: any status Paystack does not document is UNKNOWN (the payment stays pending), never FAILED.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PAYSTACK_DOCUMENTED_STATUSES, paystackVerifyResult } from './answers';
import { createPaystackClient, initializeData, readData } from './client';
import { paystackEventAction } from './events';
import { PaystackGateway } from './gateway';

const REFERENCE = 'CP-0123456789ABCDEF';
const answer = z.union([
  z.object({ httpStatus: z.number().int(), body: z.unknown() }),
  z.object({ noAnswer: z.literal(true), reason: z.string() }),
]);
const documentation = {
  source: z.url().startsWith('https://paystack.com/docs/'),
  documented: z.string().min(10),
  note: z.string().optional(),
  answer,
};
const fixture = z.union([
  z
    .object({
      ...documentation,
      endpoint: z.literal('verify'),
      expected: z
        .object({ status: z.enum(['SUCCESSFUL', 'FAILED', 'PENDING', 'REVERSED', 'UNKNOWN', 'NOT_FOUND']) })
        .strict(),
    })
    .strict(),
  z
    .object({
      ...documentation,
      endpoint: z.literal('initialize'),
      expected: z.object({ initialized: z.url().nullable() }).strict(),
    })
    .strict(),
]);

const dir = path.join(import.meta.dirname, 'fixtures');
const fixtures = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((file) => ({ file, f: fixture.parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8'))) }));

/** A gateway whose fetch answers `a` (the client's own exchange reads it). */
function gatewayAnswering(a: z.infer<typeof answer>) {
  const fake: typeof fetch = async () => {
    if ('noAnswer' in a) throw new Error(a.reason);
    const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    return new Response(text, { status: a.httpStatus });
  };
  return new PaystackGateway(
    createPaystackClient({
      baseUrl: 'https://api.paystack.co',
      secretKey: 'sk_test_x',
      timeoutMs: 1000,
      fetch: fake,
    }),
    'http://localhost:3000/dashboard/wallet',
  );
}

describe('[PAYSTACK] contract fixtures', () => {
  it('[PAYSTACK] there is a fixture for every documented transaction status', () => {
    const statuses = fixtures
      .filter(
        ({ f }) => f.endpoint === 'verify' && f.answer && 'body' in f.answer && f.answer.httpStatus === 200,
      )
      .map(({ f }) => (f.answer as { body: { data: { status: string } } }).body.data.status);
    expect(new Set(statuses)).toEqual(new Set(PAYSTACK_DOCUMENTED_STATUSES));
  });

  it.each(fixtures.map(({ file, f }) => [file, f] as const))(
    '[PAYSTACK] %s maps to its one outcome',
    async (_file, f) => {
      if (f.endpoint === 'verify') {
        const direct = paystackVerifyResult(f.answer, REFERENCE);
        expect(direct.status).toBe(f.expected.status);
        // Through the client and the gateway (the bytes as they would arrive), the same outcome.
        expect((await gatewayAnswering(f.answer).verify(REFERENCE)).status).toBe(f.expected.status);
        if (direct.status === 'SUCCESSFUL')
          expect(direct).toMatchObject({ amountKobo: 40333, currency: 'NGN' });
      } else {
        const read = readData(f.answer, initializeData);
        expect(read.ok ? read.data.authorization_url : null).toBe(f.expected.initialized);
        const start = gatewayAnswering(f.answer).initialize({
          reference: REFERENCE,
          amountKobo: 40333,
          email: 'demo@test.com',
          description: 'x',
        });
        if (f.expected.initialized)
          await expect(start).resolves.toEqual({ checkoutUrl: f.expected.initialized });
        else await expect(start).rejects.toThrow(/Paystack initialize/);
      }
    },
  );

  it('[PAYSTACK] no answer at all (timeout, refused connection) is UNKNOWN', async () => {
    expect(
      paystackVerifyResult({ noAnswer: true, reason: 'timed out after 15000 ms' }, REFERENCE).status,
    ).toBe('UNKNOWN');
    expect(
      (await gatewayAnswering({ noAnswer: true, reason: 'ECONNREFUSED' }).verify(REFERENCE)).status,
    ).toBe('UNKNOWN');
  });

  it('[PAYSTACK] an answer about another reference is UNKNOWN, not credited', () => {
    const f = fixtures.find((x) => x.file === 'verify-success.json')!.f;
    expect(paystackVerifyResult(f.answer, 'CP-SOMETHINGELSE000').status).toBe('UNKNOWN');
  });

  it('[PAYSTACK] webhook events: charge.success, refund.* and charge.dispute.* each ask for one check; others are ignored', () => {
    const table: Array<[unknown, unknown]> = [
      [
        { event: 'charge.success', data: { reference: REFERENCE } },
        { check: { reference: REFERENCE, kind: 'charge' } },
      ],
      [
        { event: 'refund.processed', data: { transaction_reference: REFERENCE } },
        { check: { reference: REFERENCE, kind: 'reversal' } },
      ],
      [
        { event: 'refund.pending', data: { transaction: { reference: REFERENCE } } },
        { check: { reference: REFERENCE, kind: 'reversal' } },
      ],
      [
        { event: 'charge.dispute.create', data: { transaction: { reference: REFERENCE } } },
        { check: { reference: REFERENCE, kind: 'reversal' } },
      ],
      [
        { event: 'charge.dispute.resolve', data: { transaction: { reference: REFERENCE } } },
        { check: { reference: REFERENCE, kind: 'reversal' } },
      ],
    ];
    for (const [body, action] of table) expect(paystackEventAction(body)).toEqual(action);
    for (const body of [
      { event: 'transfer.success', data: { reference: REFERENCE } },
      { event: 'charge.success', data: {} },
      { event: 'charge.success', data: { reference: 'has spaces' } },
      null,
      'text',
    ])
      expect(paystackEventAction(body)).toHaveProperty('ignore');
  });
});

describe('[PAYSTACK] property: unknown statuses', () => {
  const success = fixtures.find((x) => x.file === 'verify-success.json')!.f;
  const withStatus = (status: string) => {
    const body = structuredClone((success.answer as { body: { data: { status: string } } }).body);
    body.data.status = status;
    return { httpStatus: 200, body };
  };

  it('[PAYSTACK] any status Paystack does not document maps to UNKNOWN (the payment stays pending), never FAILED', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.constantFrom('Failed', 'FAILED', 'failure', 'declined', 'error', 'success ', 'reversal'),
        ),
        (status) => {
          fc.pre(!PAYSTACK_DOCUMENTED_STATUSES.includes(status));
          const r = paystackVerifyResult(withStatus(status), REFERENCE);
          expect(r.status).toBe('UNKNOWN');
        },
      ),
      { numRuns: 500 },
    );
  });

  it('[PAYSTACK] whatever the answer (any status code, any body), only a documented "failed" is ever FAILED', () => {
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 599 }), fc.jsonValue(), (httpStatus, body) => {
        const r = paystackVerifyResult({ httpStatus, body }, REFERENCE);
        expect(r.status).not.toBe('FAILED');
      }),
      { numRuns: 500 },
    );
  });
});
