// The committed contract (packages/client/openapi.json) is the server's, and the server has not
// broken it without raising info.version. Run `npm run contract` after changing a public route.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACT_FILE,
  contractText,
  generateTypes,
  readCommitted,
  serverContract,
  TYPES_FILE,
} from './contract.mjs';
import { contractVerdict } from './contract-lib.mjs';

let server;
beforeAll(async () => {
  server = await serverContract();
}, 60_000);

describe('[CONTRACT] packages/client/openapi.json', () => {
  it('[CONTRACT] is what the server documents now (else run `npm run contract`)', () => {
    const committed = readFileSync(CONTRACT_FILE, 'utf8');
    expect(
      committed === contractText(server),
      "packages/client/openapi.json differs from the server's public API: run `npm run contract` and commit the result",
    ).toBe(true);
  });

  it("[CONTRACT] the client's generated types are those of the committed file (else run `npm run contract`)", () => {
    const dir = path.resolve(import.meta.dirname, '../.tmp/contract');
    mkdirSync(dir, { recursive: true });
    const fresh = path.join(dir, 'schema.d.ts');
    generateTypes(CONTRACT_FILE, fresh);
    expect(
      readFileSync(fresh, 'utf8') === readFileSync(TYPES_FILE, 'utf8'),
      'packages/client/generated/schema.d.ts is not generated from openapi.json: run `npm run contract`',
    ).toBe(true);
  });

  it('[CONTRACT] the server breaks nothing in it unless info.version was raised', () => {
    const verdict = contractVerdict(readCommitted(), server);
    expect(verdict, verdict ?? '').toBeNull();
  });

  it('[CONTRACT] documents the public calls, the envelope, respond-async and the webhook events', () => {
    const doc = readCommitted();
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/v1/api/'))).toBe(true);
    expect(doc.paths['/api/v1/api/vend'].post.parameters.find((p) => p.name === 'Prefer')).toBeDefined();
    expect(doc.components.schemas.ErrorEnvelope.required).toEqual(['success', 'message', 'errors', 'code']);
    expect(Object.keys(doc.webhooks)).toEqual(['vend.successful', 'vend.failed', 'vend.reversed']);
  });
});
