// Properties of both mappings over answers no fixture lists: what is not documented is UNKNOWN, never
// FAILED; a body that does not parse is UNKNOWN; VTpass 000 is SUCCESSFUL only with `delivered`.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RELOADLY_DOCUMENTED_ERROR_CODES,
  reloadlyStatusOutcome,
  reloadlyTopupOutcome,
} from './reloadly.answers';
import type { UpstreamAnswer, UpstreamOutcome } from './upstream.answers';
import {
  VTPASS_DOCUMENTED_CODES,
  vtpassNotificationOutcome,
  vtpassPayOutcome,
  vtpassRequeryOutcome,
} from './vtpass.answers';

const vtpassMappings = [vtpassPayOutcome, vtpassRequeryOutcome];
const reloadlyMappings = [reloadlyTopupOutcome, reloadlyStatusOutcome];
const allMappings = [...vtpassMappings, ...reloadlyMappings];

const undocumentedVtpassCode = fc
  .oneof(fc.stringMatching(/^\d{3}$/), fc.string())
  .filter((c) => !VTPASS_DOCUMENTED_CODES.includes(c));
const anyContent = fc.oneof(
  fc.constant(undefined),
  fc.anything(),
  fc.record({ transactions: fc.record({ status: fc.oneof(fc.constant('delivered'), fc.string()) }) }),
);
const anyHttpStatus = fc.integer({ min: 100, max: 599 });
/** 401 and 403 to POST /topups are refusals whatever the body (reloadly.answers.ts); the rest of 4xx. */
const REFUSAL_STATUSES = [401, 403];
const notRefusal = (status: number) => !REFUSAL_STATUSES.includes(status);

/** Bodies no mapping can read: not an object, or an object without the fields each schema requires. */
const nonParsingBody = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything()),
  fc.record({
    code: fc.oneof(fc.integer(), fc.constant(null)),
    transactionId: fc.string(),
    errorCode: fc.integer(),
  }),
);

const OUTCOMES: UpstreamOutcome['outcome'][] = [
  'SUCCESSFUL',
  'FAILED',
  'UNKNOWN',
  'NOT_FOUND',
  'REQUEST_ID_REUSED',
  'REVERSED',
];

describe('VTpass answers', () => {
  it('a code VTpass does not document is UNKNOWN, never FAILED, whatever the content', () => {
    fc.assert(
      fc.property(
        undocumentedVtpassCode,
        anyContent,
        fc.integer({ min: 200, max: 499 }),
        (code, content, httpStatus) => {
          for (const map of vtpassMappings) {
            expect(map({ httpStatus, body: { code, response_description: 'x', content } }).outcome).toBe(
              'UNKNOWN',
            );
          }
          expect(
            vtpassNotificationOutcome({ type: 'transaction-update', data: { code, content } }).outcome,
          ).toBe('UNKNOWN');
        },
      ),
    );
  });

  it('000 with any status other than delivered is never SUCCESSFUL', () => {
    const status = fc.string().filter((s) => s !== 'delivered');
    fc.assert(
      fc.property(status, (s) => {
        const body = { code: '000', content: { transactions: { status: s } } };
        for (const map of vtpassMappings)
          expect(map({ httpStatus: 200, body }).outcome).not.toBe('SUCCESSFUL');
        expect(vtpassNotificationOutcome({ type: 'transaction-update', data: body }).outcome).not.toBe(
          'SUCCESSFUL',
        );
      }),
    );
  });

  it('a notification that does not parse, or is not a transaction update, is UNKNOWN', () => {
    fc.assert(
      fc.property(fc.oneof(nonParsingBody, fc.record({ type: fc.string(), data: fc.anything() })), (body) => {
        const typed = body as { type?: unknown };
        fc.pre(typed?.type !== 'transaction-update');
        expect(vtpassNotificationOutcome(body).outcome).toBe('UNKNOWN');
      }),
    );
  });
});

describe('Reloadly answers', () => {
  it('an errorCode Reloadly does not document is UNKNOWN, never FAILED', () => {
    const code = fc.string().filter((c) => !RELOADLY_DOCUMENTED_ERROR_CODES.includes(c));
    fc.assert(
      fc.property(code, fc.integer({ min: 400, max: 499 }).filter(notRefusal), (errorCode, httpStatus) => {
        const answer = { httpStatus, body: { errorCode, message: 'x', path: '/topups' } };
        for (const map of reloadlyMappings) expect(map(answer).outcome).toBe('UNKNOWN');
      }),
    );
  });

  it('a 401 or 403 to POST /topups (after the re-authentication) is a refusal on the provider side, whatever the body', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REFUSAL_STATUSES), fc.anything(), (httpStatus, body) => {
        const o = reloadlyTopupOutcome({ httpStatus, body });
        expect(o).toMatchObject({ outcome: 'FAILED', kind: 'PROVIDER', refusal: true });
        // The status query's 401 says nothing about the top-up.
        expect(reloadlyStatusOutcome({ httpStatus, body }).outcome).toBe('UNKNOWN');
      }),
    );
  });

  it('a top-up status Reloadly does not document is UNKNOWN', () => {
    const status = fc.string().filter((s) => !['SUCCESSFUL', 'FAILED', 'REFUNDED'].includes(s));
    fc.assert(
      fc.property(status, fc.integer({ min: 200, max: 299 }), (s, httpStatus) => {
        for (const map of reloadlyMappings) {
          expect(map({ httpStatus, body: { transactionId: 1, status: s } }).outcome).toBe('UNKNOWN');
        }
      }),
    );
  });

  it('any error answer to the status query is UNKNOWN, whatever its code', () => {
    fc.assert(
      fc.property(fc.integer({ min: 300, max: 599 }), fc.anything(), (httpStatus, body) => {
        expect(reloadlyStatusOutcome({ httpStatus, body }).outcome).toBe('UNKNOWN');
      }),
    );
  });
});

describe('both providers', () => {
  it('a body that does not parse is UNKNOWN, at any HTTP status', () => {
    fc.assert(
      fc.property(nonParsingBody, anyHttpStatus.filter(notRefusal), (body, httpStatus) => {
        for (const map of allMappings) expect(map({ httpStatus, body }).outcome).toBe('UNKNOWN');
      }),
    );
  });

  it('no answer, or a 5xx with any body, is UNKNOWN', () => {
    const answer: fc.Arbitrary<UpstreamAnswer> = fc.oneof(
      fc.record({ noAnswer: fc.constant(true as const), reason: fc.string() }),
      fc.record({ httpStatus: fc.integer({ min: 500, max: 599 }), body: fc.anything() }),
    );
    fc.assert(
      fc.property(answer, (a) => {
        for (const map of allMappings) expect(map(a).outcome).toBe('UNKNOWN');
      }),
    );
  });

  it('any answer at all maps to an outcome without throwing, and FAILED only with a kind', () => {
    fc.assert(
      fc.property(anyHttpStatus, fc.anything(), (httpStatus, body) => {
        for (const map of allMappings) {
          const o = map({ httpStatus, body });
          expect(OUTCOMES).toContain(o.outcome);
          if (o.outcome === 'FAILED') expect(['RECIPIENT', 'PROVIDER']).toContain(o.kind);
        }
      }),
    );
  });
});
