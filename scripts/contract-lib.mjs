// The public contract of the vending API (issue 35): pure functions that turn the server's OpenAPI
// document (@fastify/swagger, OpenAPI 3.0) into packages/client/openapi.json (OpenAPI 3.1: the
// /api/v1/api/ calls only, the error envelope, the `Prefer: respond-async` header and the webhook
// events), and that name the breaking changes between two such documents. scripts/contract.mjs
// writes the file; scripts/contract.test.mjs keeps it equal to the server and unbroken.

export const PUBLIC_PREFIX = '/api/v1/api/';

/** The webhook events (shared's WEBHOOK_EVENT_TYPES) and what each one says about the vend. */
export const WEBHOOK_EVENTS = {
  'vend.successful': 'The network delivered the vend: `data.status` is SUCCESSFUL.',
  'vend.failed': 'The vend failed and its debit was reversed: `data.status` is FAILED.',
  'vend.reversed':
    'A vend reported successful was reversed afterwards and the wallet refunded: `data.status` is REVERSED.',
  // Bills (issue 51): `data` is the bill (GET /api/v1/api/bills/{reference}'s answer), with its token.
  'bill.successful':
    'The biller confirmed the payment: `data.status` is SUCCESSFUL, with the token (prepaid electricity), units and receipt reference.',
  'bill.failed': 'The bill payment failed and its debit was reversed: `data.status` is FAILED.',
  'bill.reversed':
    'A bill payment reported successful was reversed afterwards and the wallet refunded: `data.status` is REVERSED.',
};

const SIGNATURE_DOC =
  '`t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + raw body)>`, signed with the webhook secret shown once when the webhook URL is set. Recompute it over the raw body, compare in constant time and refuse a `t` older than a few minutes (`verifyWebhook` in @vendport/client does all three). Receivers deduplicate by the event `id`: a delivery is retried with backoff for at least 24 hours until it is answered with a 2xx.';

const clone = (x) => JSON.parse(JSON.stringify(x));

/** OpenAPI 3.0 schema keywords to 3.1 (JSON Schema 2020-12): `nullable`, `example`. */
export function toSchema31(schema) {
  if (Array.isArray(schema)) return schema.map(toSchema31);
  if (!schema || typeof schema !== 'object') return schema;
  const out = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'nullable' || k === 'example') continue;
    out[k] = k === 'enum' || k === 'required' || k === 'examples' ? v : toSchema31(v);
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    else if (Array.isArray(out.type) && !out.type.includes('null')) out.type = [...out.type, 'null'];
    else if (!out.type) return { anyOf: [out, { type: 'null' }] };
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  if ('example' in schema) out.examples = [schema.example];
  return out;
}

const isJsonSchemaContainer = (key) => key === 'schema';

/** Every `schema` under an operation converted to 3.1. */
function convertSchemas(node) {
  if (Array.isArray(node)) return node.map(convertSchemas);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node))
    out[k] = isJsonSchemaContainer(k) ? toSchema31(v) : convertSchemas(v);
  return out;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The published contract from the server's document: public paths only, OpenAPI 3.1, the failure
 * envelope as one named schema, `Prefer` and the answer headers on the vend, and the webhooks.
 */
export function publicContract(serverDoc) {
  const doc = clone(serverDoc);
  const paths = {};
  for (const key of Object.keys(doc.paths).sort()) {
    if (key.startsWith(PUBLIC_PREFIX)) paths[key] = convertSchemas(doc.paths[key]);
  }
  const vendPath = `${PUBLIC_PREFIX}vend`;
  const vend = paths[vendPath]?.post;
  if (!vend) throw new Error(`The server's document has no POST ${vendPath}`);

  // The failure envelope, one schema referenced by every failure answer.
  const envelope = vend.responses['4XX'].content['application/json'].schema;
  const ref = { $ref: '#/components/schemas/ErrorEnvelope' };
  for (const item of Object.values(paths)) {
    for (const op of Object.values(item)) {
      for (const res of Object.values(op.responses ?? {})) {
        const c = res.content?.['application/json'];
        if (c && same(c.schema, envelope)) c.schema = ref;
      }
    }
  }

  vend.parameters = [
    ...(vend.parameters ?? []),
    {
      name: 'Prefer',
      in: 'header',
      required: false,
      description:
        'RFC 7240. `respond-async`: answer 202 with the vend PENDING once the wallet is debited, without waiting for the network; the final status follows by webhook or GET /api/v1/api/vend/{reference}.',
      schema: { type: 'string', examples: ['respond-async'] },
    },
  ];
  const headers = {
    'Preference-Applied': {
      description: '`respond-async` when the call was answered without waiting for the network',
      schema: { type: 'string', enum: ['respond-async'] },
    },
    'Idempotent-Replayed': {
      description: '`true` when this is the original result of an earlier call with the same reference',
      schema: { type: 'string', enum: ['true'] },
    },
  };
  for (const code of ['200', '202']) vend.responses[code].headers = headers;
  vend.responses['200'].description = 'The vend, final or PENDING (or the original result of the reference)';
  vend.responses['202'].description = 'With `Prefer: respond-async`: the vend accepted, PENDING';

  const vendView = vend.responses['200'].content['application/json'].schema.properties.data;
  const billPay = paths[`${PUBLIC_PREFIX}bills/pay`]?.post;
  const billView = billPay?.responses['200'].content['application/json'].schema.properties.data;
  if (billPay) {
    billPay.parameters = [
      ...(billPay.parameters ?? []),
      {
        name: 'Prefer',
        in: 'header',
        required: false,
        description:
          'RFC 7240. `respond-async`: answer 202 with the bill PENDING once the wallet is debited; the outcome follows by the bill.* webhook or GET /api/v1/api/bills/{reference}.',
        schema: { type: 'string', examples: ['respond-async'] },
      },
    ];
    for (const code of ['200', '202']) billPay.responses[code].headers = headers;
  }
  const webhooks = {};
  for (const [type, description] of Object.entries(WEBHOOK_EVENTS)) {
    if (type.startsWith('bill.') && !billView) continue;
    webhooks[type] = {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        summary: `Event ${type}`,
        description: `${description} Delivered as a POST to your webhook URL. Test vends (test key or test mode) send events with \`livemode: false\`.`,
        parameters: [
          {
            name: 'X-VendPort-Signature',
            in: 'header',
            required: true,
            description: SIGNATURE_DOC,
            schema: { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: { $ref: `#/components/schemas/WebhookEvent_${type.replace('.', '_')}` },
            },
          },
        },
        responses: { '2XX': { description: 'Received: no further attempt' } },
      },
    };
  }
  const eventSchema = (type) => ({
    type: 'object',
    properties: {
      id: { type: 'string', description: 'evt_...: the same on every attempt; deduplicate by it' },
      type: { type: 'string', enum: [type] },
      livemode: { type: 'boolean', description: 'false for test vends: credit no one for them' },
      createdAt: { type: 'string', description: 'ISO 8601, when the vend became final' },
      data: type.startsWith('bill.') ? billView : vendView,
    },
    required: ['id', 'type', 'livemode', 'createdAt', 'data'],
  });

  return {
    openapi: '3.1.0',
    info: {
      title: 'VendPort vending API',
      version: doc.info.version,
      description:
        "The vending API for clients' systems: authenticate with `X-API-Key` (a `vpk_test_` key vends against the sandbox wallet and the simulator). Every failure answers the error envelope `{success: false, message, errors, code}`. Generated by `npm run contract` from the server's route schemas: do not edit.",
    },
    servers: [{ url: '/' }],
    paths,
    webhooks,
    components: {
      securitySchemes: { apiKey: doc.components.securitySchemes.apiKey },
      schemas: {
        ErrorEnvelope: envelope,
        ...Object.fromEntries(
          Object.keys(WEBHOOK_EVENTS)
            .filter((t) => billView || !t.startsWith('bill.'))
            .map((t) => [`WebhookEvent_${t.replace('.', '_')}`, eventSchema(t)]),
        ),
      },
    },
  };
}

// ------------------------------------------------------------------ breaking changes

/** Whether version `a` (x.y.z) is greater than `b`. */
export function versionRaised(a, b) {
  const pa = String(a).split('.').map(Number);
  const pb = String(b).split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x !== y) return x > y;
  }
  return false;
}

function resolver(doc) {
  return (schema) => {
    let s = schema;
    for (let i = 0; s?.$ref && i < 20; i++) {
      const parts = s.$ref.replace(/^#\//, '').split('/');
      s = parts.reduce((o, p) => o?.[p], doc);
    }
    return s ?? {};
  };
}

const typesOf = (s) => (s.type === undefined ? null : Array.isArray(s.type) ? s.type : [s.type]);

/**
 * What an answer (or event) schema no longer promises: a removed field, a field no longer required,
 * a type or enum value a reader did not expect.
 */
function compareOutput(a, b, at, out, ra, rb) {
  const sa = ra(a);
  const sb = rb(b);
  const ta = typesOf(sa);
  const tb = typesOf(sb);
  if (ta && tb?.some((t) => !ta.includes(t) && !(t === 'integer' && ta.includes('number'))))
    out.push(`${at}: type ${ta.join('|')} became ${tb.join('|')}`);
  if (Array.isArray(sa.enum) && Array.isArray(sb.enum)) {
    const added = sb.enum.filter((v) => !sa.enum.includes(v));
    // An answer's new enum value is not breaking for the error codes (readers branch on known ones).
    if (added.length && !at.endsWith('.code')) out.push(`${at}: new value(s) ${added.join(', ')}`);
  }
  for (const [name, prop] of Object.entries(sa.properties ?? {})) {
    const where = `${at}.${name}`;
    if (!sb.properties?.[name]) out.push(`${where}: field removed`);
    else {
      if ((sa.required ?? []).includes(name) && !(sb.required ?? []).includes(name))
        out.push(`${where}: no longer always present`);
      compareOutput(prop, sb.properties[name], where, out, ra, rb);
    }
  }
  if (sa.items && sb.items) compareOutput(sa.items, sb.items, `${at}[]`, out, ra, rb);
}

/** What an input schema newly demands: a new required field, a field or value no longer accepted. */
function compareInput(a, b, at, out, ra, rb) {
  const sa = ra(a);
  const sb = rb(b);
  const ta = typesOf(sa);
  const tb = typesOf(sb);
  if (ta && tb && ta.some((t) => !tb.includes(t) && !(t === 'integer' && tb.includes('number'))))
    out.push(`${at}: type ${ta.join('|')} no longer accepted (now ${tb.join('|')})`);
  if (Array.isArray(sa.enum) && Array.isArray(sb.enum)) {
    const gone = sa.enum.filter((v) => !sb.enum.includes(v));
    if (gone.length) out.push(`${at}: value(s) ${gone.join(', ')} no longer accepted`);
  }
  for (const name of sb.required ?? []) {
    if (!(sa.required ?? []).includes(name)) out.push(`${at}.${name}: newly required`);
  }
  for (const [name, prop] of Object.entries(sa.properties ?? {})) {
    if (!sb.properties?.[name]) out.push(`${at}.${name}: field no longer accepted`);
    else compareInput(prop, sb.properties[name], `${at}.${name}`, out, ra, rb);
  }
  if (sa.items && sb.items) compareInput(sa.items, sb.items, `${at}[]`, out, ra, rb);
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];
const jsonSchema = (x) => x?.content?.['application/json']?.schema;

function compareOperation(oa, ob, at, out, ra, rb) {
  const params = (op) => new Map((op.parameters ?? []).map((p) => [`${p.in}:${p.name.toLowerCase()}`, p]));
  const pa = params(oa);
  const pb = params(ob);
  for (const [k, p] of pb) {
    const before = pa.get(k);
    if (p.required && !before?.required) out.push(`${at} parameter ${k}: newly required`);
    if (before) compareInput(before.schema ?? {}, p.schema ?? {}, `${at} parameter ${k}`, out, ra, rb);
  }
  for (const k of pa.keys()) if (!pb.has(k)) out.push(`${at} parameter ${k}: removed`);
  if (ob.requestBody?.required && !oa.requestBody?.required) out.push(`${at} request body: newly required`);
  if (jsonSchema(oa.requestBody) && jsonSchema(ob.requestBody))
    compareInput(jsonSchema(oa.requestBody), jsonSchema(ob.requestBody), `${at} body`, out, ra, rb);
  for (const [code, res] of Object.entries(oa.responses ?? {})) {
    const now = ob.responses?.[code];
    if (!now) {
      out.push(`${at} response ${code}: removed`);
      continue;
    }
    if (jsonSchema(res) && jsonSchema(now))
      compareOutput(jsonSchema(res), jsonSchema(now), `${at} response ${code}`, out, ra, rb);
    else if (jsonSchema(res)) out.push(`${at} response ${code}: body removed`);
  }
}

/**
 * The breaking changes from `before` to `after` (both published contracts): removed paths,
 * operations, responses, answer fields and webhook events or fields; newly required inputs; inputs
 * no longer accepted. An added optional input, a new field or a new operation is not breaking.
 */
export function breakingChanges(before, after) {
  const out = [];
  const ra = resolver(before);
  const rb = resolver(after);
  for (const [path, item] of Object.entries(before.paths ?? {})) {
    const now = after.paths?.[path];
    if (!now) {
      out.push(`${path}: path removed`);
      continue;
    }
    for (const m of METHODS) {
      if (!item[m]) continue;
      if (!now[m]) out.push(`${m.toUpperCase()} ${path}: operation removed`);
      else compareOperation(item[m], now[m], `${m.toUpperCase()} ${path}`, out, ra, rb);
    }
  }
  for (const [name, item] of Object.entries(before.webhooks ?? {})) {
    const now = after.webhooks?.[name];
    if (!now?.post) {
      out.push(`webhook ${name}: event removed`);
      continue;
    }
    // The server sends the event: its payload is an answer to the receiver.
    const a = jsonSchema(item.post.requestBody);
    const b = jsonSchema(now.post.requestBody);
    if (a && b) compareOutput(a, b, `webhook ${name}`, out, ra, rb);
  }
  return out;
}

/**
 * The verdict for a new contract against the committed one: null when it may be published, else
 * what is wrong (breaking changes without a higher `info.version`).
 */
export function contractVerdict(committed, next) {
  const breaking = breakingChanges(committed, next);
  if (!breaking.length || versionRaised(next.info.version, committed.info.version)) return null;
  return `Breaking change(s) to the public API without a higher info.version (now ${next.info.version}; raise it in apps/api/src/app.ts, then run \`npm run contract\`):\n- ${breaking.join('\n- ')}`;
}
