import { describe, expect, it } from 'vitest';
import { CONTRACT } from './contract';
import { generateSamples, LANGUAGES, operationsOf, POSTMAN_SCHEMA, postmanCollection } from './samples';

const ctx = { origin: 'https://vendport.example', apiKey: 'vpk_test_abc123' };

/** Every operation of the committed contract, read independently of the generator. */
const contractOps = Object.entries(CONTRACT.paths).flatMap(([path, item]) =>
  Object.keys(item)
    .filter((m) => ['get', 'post', 'put', 'patch', 'delete'].includes(m))
    .map((m) => `${m.toUpperCase()} ${path}`),
);

describe('samples generated from the contract', () => {
  it('covers every operation of the contract, each in curl, Node, Python and PHP', () => {
    const samples = generateSamples(CONTRACT, ctx);
    expect(contractOps.length).toBeGreaterThanOrEqual(6);
    expect(samples.map((s) => s.id).sort()).toEqual([...contractOps].sort());
    for (const s of samples) {
      for (const l of LANGUAGES) {
        expect(s.samples[l], `${s.id} ${l}`).toBeTruthy();
        expect(s.samples[l], `${s.id} ${l} key`).toContain('vpk_test_abc123');
      }
      // The URL (with its path parameter filled in) is in every raw HTTP sample.
      const path = s.path.replace(/\{(\w+)\}/g, (_, k: string) => s.pathParams[k]);
      for (const l of ['curl', 'python', 'php'] as const)
        expect(s.samples[l]).toContain(`${ctx.origin}${path}`);
    }
  });

  it('puts every required body field in each sample (its name in raw HTTP, its value everywhere)', () => {
    const samples = generateSamples(CONTRACT, ctx);
    const withBody = samples.filter((s) => s.requiredBodyFields.length);
    expect(withBody.map((s) => s.id)).toEqual(
      expect.arrayContaining(['POST /api/v1/api/vend', 'POST /api/v1/api/sandbox/fund']),
    );
    for (const s of withBody) {
      for (const f of s.requiredBodyFields) {
        const value = String(s.body?.[f]);
        for (const l of LANGUAGES) expect(s.samples[l], `${s.id} ${l} ${f}`).toContain(value);
        for (const l of ['curl', 'python', 'php'] as const)
          expect(s.samples[l], `${s.id} ${l}`).toContain(`"${f}"`.replace(/"/g, l === 'php' ? "'" : '"'));
      }
    }
  });

  it('follows a change of the contract: a new call and a new required field show up', () => {
    const doc = structuredClone(CONTRACT);
    (
      doc.paths['/api/v1/api/vend'].post as {
        requestBody: {
          content: {
            'application/json': { schema: { required: string[]; properties: Record<string, unknown> } };
          };
        };
      }
    ).requestBody.content['application/json'].schema.required.push('customerRef');
    doc.paths['/api/v1/api/refunds'] = {
      post: {
        summary: 'A new call',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['vendId'],
                properties: { vendId: { type: 'string', example: 'v-42' } },
              },
            },
          },
        },
      },
    };
    const samples = generateSamples(doc, ctx);
    const vend = samples.find((s) => s.id === 'POST /api/v1/api/vend')!;
    for (const l of LANGUAGES) expect(vend.samples[l]).toContain('customerRef');
    const refund = samples.find((s) => s.id === 'POST /api/v1/api/refunds')!;
    for (const l of LANGUAGES) expect(refund.samples[l]).toContain('v-42');
    expect(refund.samples.node).toContain('fetch(');
  });

  it('fills the path parameter and the sample query', () => {
    const ops = operationsOf(CONTRACT);
    const get = ops.find((o) => o.id === 'GET /api/v1/api/vend/{reference}')!;
    expect(get.pathParams.reference).toBeTruthy();
    const samples = generateSamples(CONTRACT, ctx);
    expect(samples.find((s) => s.id === get.id)!.samples.node).toContain(
      `client.getVend('${get.pathParams.reference}')`,
    );
  });
});

describe('Postman collection', () => {
  it('is a v2.1 collection with one request per operation, baseUrl and apiKey as variables', () => {
    const c = postmanCollection(CONTRACT, 'https://vendport.example');
    expect(c.info.schema).toBe(POSTMAN_SCHEMA);
    expect(c.variable.map((v) => v.key)).toEqual(['baseUrl', 'apiKey']);
    expect(c.variable[0].value).toBe('https://vendport.example');
    expect(c.item).toHaveLength(contractOps.length);
    const ids = c.item.map(
      (i) => `${i.request.method} /${i.request.url.path.join('/').replace(/:(\w+)/g, '{$1}')}`,
    );
    expect(ids.sort()).toEqual([...contractOps].sort());
    for (const i of c.item) {
      expect(i.request.header).toContainEqual({ key: 'X-API-Key', value: '{{apiKey}}', type: 'text' });
      expect(i.request.url.raw.startsWith('{{baseUrl}}/api/v1/api/')).toBe(true);
      expect(i.request.url.host).toEqual(['{{baseUrl}}']);
    }
    const vend = c.item.find((i) => i.request.url.raw === '{{baseUrl}}/api/v1/api/vend')!;
    const body = JSON.parse(vend.request.body!.raw) as Record<string, unknown>;
    for (const f of ['reference', 'phone', 'type']) expect(body).toHaveProperty(f);
    // Serialisable as it is downloaded.
    expect(JSON.parse(JSON.stringify(c))).toEqual(c);
  });
});
