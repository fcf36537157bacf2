import { describe, expect, it } from 'vitest';
import {
  breakingChanges,
  contractVerdict,
  publicContract,
  toSchema31,
  versionRaised,
} from './contract-lib.mjs';

const envelope = {
  type: 'object',
  properties: {
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string' },
    code: { type: 'string' },
  },
  required: ['success', 'message', 'code'],
};
const json = (schema) => ({ content: { 'application/json': { schema } } });
const vendView = {
  type: 'object',
  properties: { reference: { type: 'string' }, status: { type: 'string', enum: ['PENDING', 'SUCCESSFUL'] } },
  required: ['reference', 'status'],
};

/** A small contract: POST /vend (body reference, phone; answer data) and GET /balance. */
function contract({ version = '1.0.0', body = {}, data = {}, extraPaths = {}, params } = {}) {
  return {
    openapi: '3.1.0',
    info: { version },
    paths: {
      '/api/v1/api/vend': {
        post: {
          ...(params ? { parameters: params } : {}),
          requestBody: {
            required: true,
            ...json({
              type: 'object',
              properties: { reference: { type: 'string' }, phone: { type: 'string' }, ...body.properties },
              required: ['reference', ...(body.required ?? [])],
            }),
          },
          responses: {
            200: json({
              type: 'object',
              properties: {
                data: {
                  type: 'object',
                  properties: { id: { type: 'string' }, amount: { type: 'string' }, ...data.properties },
                  required: data.required ?? ['id', 'amount'],
                },
              },
            }),
            '4XX': json({ $ref: '#/components/schemas/ErrorEnvelope' }),
          },
        },
      },
      '/api/v1/api/balance': { get: { responses: { 200: json({ type: 'object' }) } } },
      ...extraPaths,
    },
    webhooks: {
      'vend.successful': {
        post: { requestBody: json({ type: 'object', properties: { id: { type: 'string' } } }) },
      },
    },
    components: { schemas: { ErrorEnvelope: envelope } },
  };
}

describe('[CONTRACT] breakingChanges: what a published contract may not lose', () => {
  it('[CONTRACT] the same contract, or one with an added optional field or new call, is not breaking', () => {
    expect(breakingChanges(contract(), contract())).toEqual([]);
    const added = contract({
      body: { properties: { network: { type: 'string' } } },
      data: {
        properties: { planName: { type: ['string', 'null'] } },
        required: ['id', 'amount', 'planName'],
      },
      extraPaths: { '/api/v1/api/services': { get: { responses: { 200: json({ type: 'array' }) } } } },
      params: [{ name: 'Prefer', in: 'header', required: false, schema: { type: 'string' } }],
    });
    expect(breakingChanges(contract(), added)).toEqual([]);
  });

  it('[CONTRACT] a removed answer field is breaking, and so is a field no longer always present', () => {
    const removed = contract({ data: { properties: { amount: undefined }, required: ['id'] } });
    delete removed.paths['/api/v1/api/vend'].post.responses[200].content['application/json'].schema.properties
      .data.properties.amount;
    expect(breakingChanges(contract(), removed)).toEqual([
      'POST /api/v1/api/vend response 200.data.amount: field removed',
    ]);
    const optional = contract({ data: { required: ['id'] } });
    expect(breakingChanges(contract(), optional)).toEqual([
      'POST /api/v1/api/vend response 200.data.amount: no longer always present',
    ]);
  });

  it('[CONTRACT] a newly required input is breaking (body field or parameter)', () => {
    expect(breakingChanges(contract(), contract({ body: { required: ['phone'] } }))).toEqual([
      'POST /api/v1/api/vend body.phone: newly required',
    ]);
    const p = [{ name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string' } }];
    expect(breakingChanges(contract(), contract({ params: p }))).toEqual([
      'POST /api/v1/api/vend parameter header:x-tenant: newly required',
    ]);
  });

  it('[CONTRACT] a removed path, operation, response, input field or webhook event is breaking', () => {
    const b = contract();
    delete b.paths['/api/v1/api/balance'];
    delete b.paths['/api/v1/api/vend'].post.responses['4XX'];
    delete b.paths['/api/v1/api/vend'].post.requestBody.content['application/json'].schema.properties.phone;
    delete b.webhooks['vend.successful'];
    expect(breakingChanges(contract(), b)).toEqual([
      'POST /api/v1/api/vend body.phone: field no longer accepted',
      'POST /api/v1/api/vend response 4XX: removed',
      '/api/v1/api/balance: path removed',
      'webhook vend.successful: event removed',
    ]);
  });

  it('[CONTRACT] follows $ref: a field removed from the error envelope is breaking', () => {
    const b = contract();
    b.components.schemas.ErrorEnvelope = {
      ...envelope,
      properties: { success: envelope.properties.success, message: envelope.properties.message },
    };
    expect(breakingChanges(contract(), b)).toContain(
      'POST /api/v1/api/vend response 4XX.code: field removed',
    );
  });

  it('[CONTRACT] a breaking change passes only with a higher info.version', () => {
    const b = contract({ body: { required: ['phone'] } });
    expect(contractVerdict(contract(), b)).toMatch(
      /without a higher info\.version[\s\S]*body\.phone: newly required/,
    );
    expect(contractVerdict(contract(), { ...b, info: { version: '2.0.0' } })).toBeNull();
    expect(contractVerdict(contract(), contract())).toBeNull();
    expect(versionRaised('1.10.0', '1.9.3')).toBe(true);
    expect(versionRaised('1.0.0', '1.0.0')).toBe(false);
    expect(versionRaised('0.9.9', '1.0.0')).toBe(false);
  });
});

describe('[CONTRACT] publicContract: the server document as published', () => {
  it('[CONTRACT] nullable becomes a type list, example becomes examples', () => {
    expect(toSchema31({ type: 'string', nullable: true, example: 'x' })).toEqual({
      type: ['string', 'null'],
      examples: ['x'],
    });
    expect(toSchema31({ type: 'string', enum: ['A'], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['A', null],
    });
  });

  it('[CONTRACT] keeps the public paths only, names the envelope, adds Prefer and the webhooks', () => {
    const server = {
      openapi: '3.0.3',
      info: { title: 'x', version: '1.2.3' },
      components: { securitySchemes: { apiKey: { type: 'apiKey' }, bearer: { type: 'http' } } },
      paths: {
        '/api/v1/auth/login': { post: { responses: {} } },
        '/api/v1/api/vend': {
          post: {
            responses: {
              200: json({ type: 'object', properties: { data: vendView } }),
              202: json({ type: 'object', properties: { data: vendView } }),
              '4XX': json(envelope),
              409: json(envelope),
            },
          },
        },
      },
    };
    const doc = publicContract(server);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.2.3');
    expect(Object.keys(doc.paths)).toEqual(['/api/v1/api/vend']);
    const vend = doc.paths['/api/v1/api/vend'].post;
    expect(vend.responses[409].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ErrorEnvelope',
    });
    expect(vend.parameters.map((p) => p.name)).toEqual(['Prefer']);
    expect(Object.keys(vend.responses[202].headers)).toContain('Preference-Applied');
    expect(Object.keys(doc.webhooks)).toEqual(['vend.successful', 'vend.failed', 'vend.reversed']);
    expect(doc.components.schemas.WebhookEvent_vend_failed.properties.data).toEqual(vendView);
    expect(Object.keys(doc.components.securitySchemes)).toEqual(['apiKey']);
  });
});
