// Code samples and a Postman collection, generated from the public API's contract
// (packages/client/openapi.json, the file the server's tests keep equal to what it answers): a call
// added, removed or given a new required field changes the samples with it. Pure functions: no
// React, no fetch.
import type { VendPortClient } from '@vendport/client';

/** The small part of an OpenAPI 3.1 document that the samples read. */
export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
}
interface OpenApiParameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  description?: string;
  schema?: JsonSchema;
  example?: unknown;
}
interface JsonSchema {
  type?: string;
  enum?: unknown[];
  example?: unknown;
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
}
interface OpenApiOperation {
  summary?: string;
  description?: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
}

export const LANGUAGES = ['curl', 'node', 'python', 'php'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_LABEL: Record<Language, string> = {
  curl: 'curl',
  node: 'Node (@vendport/client)',
  python: 'Python (requests)',
  php: 'PHP (curl)',
};

export interface Operation {
  /** e.g. "POST /api/v1/api/vend" */
  id: string;
  method: string;
  path: string;
  summary: string;
  /** Path parameters with their sample values. */
  pathParams: Record<string, string>;
  /** Query parameters (the sample passes the required ones and the first optional enum). */
  query: Record<string, string>;
  /** Sample JSON body (every required field, and the contract's own example when it has one). */
  body: Record<string, unknown> | null;
  requiredBodyFields: string[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Sample values by field name, for fields the contract gives no example of. */
const SAMPLE_BY_NAME: Record<string, string> = {
  reference: 'ORDER-10023',
  phone: '08031234567',
  amount: '1000',
  planCode: 'MTN-1GB-30D',
};

function sampleValue(name: string, s: JsonSchema | undefined): unknown {
  if (s?.example !== undefined) return s.example;
  if (s?.examples?.length) return s.examples[0];
  if (SAMPLE_BY_NAME[name]) return SAMPLE_BY_NAME[name];
  if (s?.enum?.length) return s.enum[0];
  if (s?.type === 'integer' || s?.type === 'number') return 1;
  if (s?.type === 'boolean') return true;
  return 'example';
}

/** Every operation of the contract, in the document's order. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const m of METHODS) {
      const op = item[m] as OpenApiOperation | undefined;
      if (!op) continue;
      const params = op.parameters ?? [];
      const pathParams: Record<string, string> = {};
      const query: Record<string, string> = {};
      for (const p of params) {
        if (p.in === 'path') pathParams[p.name] = String(p.example ?? sampleValue(p.name, p.schema));
        if (p.in === 'query' && (p.required || p.schema?.enum))
          query[p.name] = String(p.example ?? sampleValue(p.name, p.schema));
      }
      const schema = op.requestBody?.content?.['application/json']?.schema;
      let body: Record<string, unknown> | null = null;
      const requiredBodyFields = schema?.required ?? [];
      if (schema) {
        const example = (schema.examples?.[0] ?? {}) as Record<string, unknown>;
        body = { ...example };
        for (const f of requiredBodyFields)
          if (!(f in body)) body[f] = sampleValue(f, schema.properties?.[f]);
      }
      out.push({
        id: `${m.toUpperCase()} ${path}`,
        method: m.toUpperCase(),
        path,
        summary: op.summary ?? `${m.toUpperCase()} ${path}`,
        pathParams,
        query,
        body,
        requiredBodyFields,
      });
    }
  }
  return out;
}

export interface SampleContext {
  /** The API's origin, e.g. https://vendport.example (paths start with /api/v1/api). */
  origin: string;
  /** The key written into the samples (the masked one unless the user revealed it). */
  apiKey: string;
}

const urlOf = (op: Operation, origin: string) => {
  let path = op.path;
  for (const [k, v] of Object.entries(op.pathParams)) path = path.replace(`{${k}}`, encodeURIComponent(v));
  const qs = new URLSearchParams(op.query).toString();
  return `${origin}${path}${qs ? `?${qs}` : ''}`;
};

const sq = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
const pyLiteral = (v: unknown): string =>
  typeof v === 'string'
    ? JSON.stringify(v)
    : typeof v === 'boolean'
      ? v
        ? 'True'
        : 'False'
      : v === null
        ? 'None'
        : JSON.stringify(v);
const phpLiteral = (v: unknown): string =>
  typeof v === 'string' ? `'${v.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'` : JSON.stringify(v);

function curlSample(op: Operation, c: SampleContext): string {
  const lines = [`curl -X ${op.method} ${sq(urlOf(op, c.origin))}`, `  -H ${sq(`X-API-Key: ${c.apiKey}`)}`];
  if (op.body) {
    lines.push(`  -H 'Content-Type: application/json'`);
    lines.push(`  -d ${sq(JSON.stringify(op.body))}`);
  }
  return lines.join(' \\\n');
}

const tsLiteral = (v: unknown) => (typeof v === 'string' ? `'${v.replace(/'/g, "\\'")}'` : JSON.stringify(v));
const tsObject = (o: Record<string, unknown>) =>
  `{ ${Object.entries(o)
    .map(([k, v]) => `${k}: ${tsLiteral(v)}`)
    .join(', ')} }`;

/** A call of one @vendport/client method: the compiler checks the method still exists. */
const method = (name: keyof VendPortClient, args = '') => `client.${name}(${args})`;

/** The @vendport/client method of each call; a call the client has no method for uses fetch. */
function nodeCall(op: Operation): string | null {
  const q = Object.values(op.query);
  switch (op.id) {
    case 'GET /api/v1/api/balance':
      return method('balance');
    case 'GET /api/v1/api/services':
      return method('services');
    case 'GET /api/v1/api/data-plans':
      return method('dataPlans', q.length ? tsLiteral(q[0]) : '');
    case 'POST /api/v1/api/sandbox/fund':
      return method('fundSandbox', tsLiteral(op.body?.amount));
    case 'POST /api/v1/api/vend':
      return method('vend', tsObject(op.body ?? {}));
    case 'GET /api/v1/api/vend/{reference}':
      return method('getVend', tsLiteral(op.pathParams.reference));
    default:
      return null;
  }
}

function nodeSample(op: Operation, c: SampleContext): string {
  const call = nodeCall(op);
  if (!call) {
    const init = [
      `method: '${op.method}'`,
      `headers: { 'X-API-Key': ${tsLiteral(c.apiKey)}${op.body ? `, 'Content-Type': 'application/json'` : ''} }`,
    ];
    if (op.body) init.push(`body: JSON.stringify(${tsObject(op.body)})`);
    return [
      `const res = await fetch(${tsLiteral(urlOf(op, c.origin))}, { ${init.join(', ')} });`,
      'console.log(await res.json());',
    ].join('\n');
  }
  return [
    "import { createVendPortClient } from '@vendport/client';",
    '',
    `const client = createVendPortClient({ baseUrl: ${tsLiteral(c.origin)}, apiKey: ${tsLiteral(c.apiKey)} });`,
    `const result = await ${call};`,
    'console.log(result);',
  ].join('\n');
}

function pythonSample(op: Operation, c: SampleContext): string {
  const lines = ['import requests', ''];
  const args = [pyLiteral(urlOf(op, c.origin)), `headers={"X-API-Key": ${pyLiteral(c.apiKey)}}`];
  if (op.body) {
    const entries = Object.entries(op.body).map(([k, v]) => `    ${JSON.stringify(k)}: ${pyLiteral(v)},`);
    lines.push('payload = {', ...entries, '}');
    args.push('json=payload');
  }
  lines.push(`response = requests.${op.method.toLowerCase()}(${args.join(', ')}, timeout=60)`);
  lines.push('print(response.status_code, response.json())');
  return lines.join('\n');
}

function phpSample(op: Operation, c: SampleContext): string {
  const headers = [`'X-API-Key: ${c.apiKey.replace(/'/g, "\\'")}'`];
  const lines = ['<?php', `$ch = curl_init(${phpLiteral(urlOf(op, c.origin))});`];
  if (op.body) {
    headers.push("'Content-Type: application/json'");
    const entries = Object.entries(op.body).map(([k, v]) => `    '${k}' => ${phpLiteral(v)},`);
    lines.push('$payload = [', ...entries, '];');
  }
  lines.push('curl_setopt_array($ch, [');
  lines.push(`    CURLOPT_CUSTOMREQUEST => '${op.method}',`);
  lines.push('    CURLOPT_RETURNTRANSFER => true,');
  lines.push(`    CURLOPT_HTTPHEADER => [${headers.join(', ')}],`);
  if (op.body) lines.push('    CURLOPT_POSTFIELDS => json_encode($payload),');
  lines.push(']);');
  lines.push('$body = curl_exec($ch);');
  lines.push('echo curl_getinfo($ch, CURLINFO_HTTP_CODE), " ", $body, "\\n";');
  lines.push('curl_close($ch);');
  return lines.join('\n');
}

const GENERATORS: Record<Language, (op: Operation, c: SampleContext) => string> = {
  curl: curlSample,
  node: nodeSample,
  python: pythonSample,
  php: phpSample,
};

export interface OperationSamples extends Operation {
  samples: Record<Language, string>;
}

/** Every operation of the contract with its sample in each language. */
export function generateSamples(doc: OpenApiDoc, c: SampleContext): OperationSamples[] {
  return operationsOf(doc).map((op) => ({
    ...op,
    samples: Object.fromEntries(LANGUAGES.map((l) => [l, GENERATORS[l](op, c)])) as Record<Language, string>,
  }));
}

// ---------------------------------------------------------------- Postman collection v2.1

export const POSTMAN_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';

/**
 * A Postman collection (v2.1) of every operation: `{{baseUrl}}` and `{{apiKey}}` are collection
 * variables (the key is left empty: paste a test key into the variable, never into a shared file).
 */
export function postmanCollection(doc: OpenApiDoc, baseUrl: string) {
  return {
    info: {
      name: `${doc.info.title} ${doc.info.version}`,
      description:
        'Generated from the VendPort API contract (openapi.json). Set the apiKey variable to your key: a vpk_test_ key works in the sandbox.',
      schema: POSTMAN_SCHEMA,
    },
    variable: [
      { key: 'baseUrl', value: baseUrl, type: 'string' },
      { key: 'apiKey', value: '', type: 'string' },
    ],
    item: operationsOf(doc).map((op) => {
      const segments = op.path
        .split('/')
        .filter(Boolean)
        .map((s) => s.replace(/^\{(.+)\}$/, ':$1'));
      const query = Object.entries(op.query).map(([key, value]) => ({ key, value }));
      const qs = query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join('&')}` : '';
      const header = [{ key: 'X-API-Key', value: '{{apiKey}}', type: 'text' }];
      if (op.body) header.push({ key: 'Content-Type', value: 'application/json', type: 'text' });
      return {
        name: op.summary,
        request: {
          method: op.method,
          header,
          url: {
            raw: `{{baseUrl}}/${segments.join('/')}${qs}`,
            host: ['{{baseUrl}}'],
            path: segments,
            ...(query.length ? { query } : {}),
            ...(Object.keys(op.pathParams).length
              ? { variable: Object.entries(op.pathParams).map(([key, value]) => ({ key, value })) }
              : {}),
          },
          ...(op.body
            ? {
                body: {
                  mode: 'raw',
                  raw: JSON.stringify(op.body, null, 2),
                  options: { raw: { language: 'json' } },
                },
              }
            : {}),
        },
      };
    }),
  };
}
