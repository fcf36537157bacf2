// Contract fixtures: each file under fixtures/<provider>/ is one documented answer, the page it comes
// from ("source"), the sentence or table row it reflects ("documented") and the one outcome it must map to.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  RELOADLY_DOCUMENTED_ERROR_CODES,
  RELOADLY_DOCUMENTED_STATUSES,
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

const answer = z.union([
  z.object({ httpStatus: z.number().int(), body: z.unknown() }),
  z.object({ noAnswer: z.literal(true), reason: z.string() }),
]);
const expected = z.union([
  z.object({ outcome: z.literal('FAILED'), kind: z.enum(['RECIPIENT', 'PROVIDER']) }),
  z
    .object({ outcome: z.enum(['SUCCESSFUL', 'UNKNOWN', 'NOT_FOUND', 'REQUEST_ID_REUSED', 'REVERSED']) })
    .strict(),
]);
const documentation = {
  source: z.url().startsWith('https://'),
  documented: z.string().min(10),
  note: z.string().optional(),
  expected,
};
const vtpassFixture = z.union([
  z.object({ ...documentation, endpoint: z.enum(['pay', 'requery']), answer }).strict(),
  z.object({ ...documentation, endpoint: z.literal('webhook'), body: z.unknown() }).strict(),
]);
const reloadlyFixture = z
  .object({ ...documentation, endpoint: z.enum(['topup', 'status']), answer })
  .strict();

function load<T>(provider: string, schema: z.ZodType<T>): { file: string; fixture: T }[] {
  const dir = path.join(import.meta.dirname, 'fixtures', provider);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, fixture: schema.parse(JSON.parse(readFileSync(path.join(dir, file), 'utf8'))) }));
}

/** The part of an outcome a fixture pins: the outcome, and the kind of a failure. */
const pinned = (o: UpstreamOutcome) =>
  o.outcome === 'FAILED' ? { outcome: o.outcome, kind: o.kind } : { outcome: o.outcome };

const vtpass = load('vtpass', vtpassFixture);
const reloadly = load('reloadly', reloadlyFixture);

function vtpassOutcome(f: z.infer<typeof vtpassFixture>): UpstreamOutcome {
  if (f.endpoint === 'webhook') return vtpassNotificationOutcome(f.body);
  const a = f.answer as UpstreamAnswer;
  return f.endpoint === 'pay' ? vtpassPayOutcome(a) : vtpassRequeryOutcome(a);
}

describe('VTpass documented answers', () => {
  it.each(vtpass)('$file maps to the outcome it states', ({ fixture }) => {
    expect(pinned(vtpassOutcome(fixture))).toEqual(fixture.expected);
  });

  it('every code the mapping gives a meaning to has a fixture', () => {
    const codes = new Set(
      vtpass.flatMap(({ fixture: f }) => {
        const body =
          f.endpoint === 'webhook'
            ? (f.body as { data?: unknown }).data
            : (f.answer as { body?: unknown }).body;
        const code = (body as { code?: unknown } | undefined)?.code;
        return typeof code === 'string' ? [code] : [];
      }),
    );
    expect(VTPASS_DOCUMENTED_CODES.filter((c) => !codes.has(c))).toEqual([]);
  });
});

describe('Reloadly documented answers', () => {
  it.each(reloadly)('$file maps to the outcome it states', ({ fixture }) => {
    const a = fixture.answer as UpstreamAnswer;
    const outcome = fixture.endpoint === 'topup' ? reloadlyTopupOutcome(a) : reloadlyStatusOutcome(a);
    expect(pinned(outcome)).toEqual(fixture.expected);
  });

  it('every errorCode and status the mapping gives a meaning to has a fixture', () => {
    const seen = new Set(
      reloadly.flatMap(({ fixture: f }) => {
        const body = (f.answer as { body?: Record<string, unknown> }).body ?? {};
        return [body.errorCode, body.status].filter((v): v is string => typeof v === 'string');
      }),
    );
    const missing = [...RELOADLY_DOCUMENTED_ERROR_CODES, ...RELOADLY_DOCUMENTED_STATUSES].filter(
      (c) => !seen.has(c),
    );
    expect(missing).toEqual([]);
  });
});
