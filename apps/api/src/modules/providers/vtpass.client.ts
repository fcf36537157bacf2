// A thin typed client for VTpass's HTTP API (pay, requery, balance, service-variations). The VTpass
// adapter (vtpass.provider.ts) vends through it, and the catalogue's plan sync reads its variations
// (vtpass-client-of.ts builds it from the settings).
//
// What it promises its caller: pay and requery never throw for what the network or VTpass does. A timeout,
// a refused or reset connection, a 5xx and a body that is not JSON all come back as an UpstreamAnswer, and
// vtpass.answers.ts turns those into UNKNOWN (the vend stays pending and is requeried), never FAILED.
// balance and serviceVariations return parsed data or a typed error, also without throwing.
//
// Documentation followed (see vtpass.answers.ts and mocks/vtpass/README.md for the rest):
//   https://www.vtpass.com/documentation/authentication/   api-key + secret-key on POST, api-key + public-key on GET
//   https://www.vtpass.com/documentation/buying-services/  the request id: Lagos YYYYMMDDHHmm, then anything
//   https://www.vtpass.com/documentation/variation-codes/  the service-variations answer
// GET /api/balance has no page in the stored documentation; its shape ({"code":1,"contents":{"balance":…}})
// is what public VTpass clients parse, so a balance that does not parse is an error, not a guess.
import { formatLagos } from '@vendport/shared';
import { z } from 'zod';
import { exchangeJson } from '../../infra/outbound';
import type { UpstreamAnswer, UpstreamOutcome } from './upstream.answers';
import { vtpassPayOutcome, vtpassRequeryOutcome } from './vtpass.answers';

export interface VtpassClientOptions {
  /** Up to and including `/api`, e.g. https://sandbox.vtpass.com/api (no trailing slash needed). */
  baseUrl: string;
  apiKey: string;
  secretKey: string;
  publicKey: string;
  /** The deadline of each call, headers and body both. */
  timeoutMs: number;
  /** The most of an answer's body read (infra/outbound.ts: 256 KB by default). */
  maxBodyBytes?: number;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

export interface VtpassPayRequest {
  /** Made by vtpassRequestId. */
  requestId: string;
  serviceID: string;
  /** VTpass takes naira. Airtime needs it; for data VTpass charges the plan's price. */
  amountNaira?: number;
  phone: string;
  /** The number to subscribe (data). */
  billersCode?: string;
  /** The plan (data), the meter type (electricity: prepaid|postpaid) or the bouquet (TV). */
  variationCode?: string;
  /** TV: change (a bouquet) or renew (the current one, for the renewal amount). */
  subscriptionType?: 'change' | 'renew';
  email?: string;
}

/** What one pay or requery exchange was, and what it means for the vend. */
export interface VtpassExchange {
  answer: UpstreamAnswer;
  outcome: UpstreamOutcome;
}

/** Why balance or serviceVariations has no data. */
export type VtpassError =
  /** Timeout, refused or reset connection. */
  | { kind: 'NO_ANSWER'; detail: string }
  /** A status other than 2xx. */
  | { kind: 'HTTP'; httpStatus: number; detail: string }
  /** VTpass answered with a code of its own (087 wrong keys, 012 unknown service, ...). */
  | { kind: 'REFUSED'; code: string; detail: string }
  /** A body that is not JSON, or not the documented shape. */
  | { kind: 'UNPARSEABLE'; detail: string };

export type VtpassResult<T> = { ok: true; data: T } | { ok: false; error: VtpassError };

const balanceSchema = z.object({ code: z.literal(1), contents: z.object({ balance: z.coerce.number() }) });
export type VtpassBalance = { balanceNaira: number };

const variationSchema = z.object({
  variation_code: z.string(),
  name: z.string(),
  variation_amount: z.string(),
  fixedPrice: z.string(),
});
const variationsSchema = z.object({
  response_description: z.string().optional(),
  content: z.object({
    ServiceName: z.string(),
    serviceID: z.string(),
    // VTpass's spelling.
    convinience_fee: z.string().optional(),
    variations: z.array(variationSchema),
  }),
});
export type VtpassVariations = z.infer<typeof variationsSchema>['content'];

/** A coded refusal: `{ code, response_description }` with no content. */
const codedSchema = z.object({
  code: z.union([z.string(), z.number()]),
  response_description: z.string().optional(),
});

/**
 * The request id VTpass requires: the current date and time in Africa/Lagos as YYYYMMDDHHmm, then our
 * vend code, which keeps it unique (VTpass answers 014 to a reused id).
 */
export function vtpassRequestId(now: Date, vendCode: string): string {
  return `${formatLagos(now, 'YYYYMMDDHHmm')}${vendCode}`;
}

export function createVtpassClient(opts: VtpassClientOptions) {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;

  /** One exchange; never throws. */
  async function exchange(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<UpstreamAnswer> {
    const headers: Record<string, string> =
      method === 'POST'
        ? { 'api-key': opts.apiKey, 'secret-key': opts.secretKey, 'content-type': 'application/json' }
        : { 'api-key': opts.apiKey, 'public-key': opts.publicKey };
    return exchangeJson(
      doFetch,
      `${base}${path}`,
      { method, headers: { ...headers, accept: 'application/json' }, body },
      opts.timeoutMs,
      { signal, maxBodyBytes: opts.maxBodyBytes },
    );
  }

  async function read<T>(answer: UpstreamAnswer, schema: z.ZodType<T>): Promise<VtpassResult<T>> {
    if ('noAnswer' in answer) return { ok: false, error: { kind: 'NO_ANSWER', detail: answer.reason } };
    if (answer.httpStatus < 200 || answer.httpStatus >= 300) {
      return {
        ok: false,
        error: { kind: 'HTTP', httpStatus: answer.httpStatus, detail: `HTTP ${answer.httpStatus}` },
      };
    }
    const parsed = schema.safeParse(answer.body);
    if (parsed.success) return { ok: true, data: parsed.data };
    const refusal = codedSchema.safeParse(answer.body);
    if (refusal.success) {
      const code = String(refusal.data.code);
      const detail = `VTpass ${code}${refusal.data.response_description ? ` ${refusal.data.response_description}` : ''}`;
      return { ok: false, error: { kind: 'REFUSED', code, detail } };
    }
    return { ok: false, error: { kind: 'UNPARSEABLE', detail: 'VTpass answer does not parse' } };
  }

  return {
    /** POST /api/pay; `signal`: the vend's deadline, which aborts the request. */
    async pay(req: VtpassPayRequest, signal?: AbortSignal): Promise<VtpassExchange> {
      const answer = await exchange(
        'POST',
        '/pay',
        {
          request_id: req.requestId,
          serviceID: req.serviceID,
          amount: req.amountNaira,
          phone: req.phone,
          billersCode: req.billersCode,
          variation_code: req.variationCode,
          subscription_type: req.subscriptionType,
          email: req.email,
        },
        signal,
      );
      return { answer, outcome: vtpassPayOutcome(answer) };
    },

    /**
     * POST /api/merchant-verify {billersCode, serviceID, type?}: a meter (type prepaid|postpaid) or a
     * smartcard/IUC number. Never throws; vtpass.bills.ts reads the answer.
     *   https://www.vtpass.com/documentation/ikedc-ikeja-electricity-distribution-company-payment-api/
     *   https://www.vtpass.com/documentation/dstv-subscription-api/
     */
    async merchantVerify(
      req: { serviceID: string; billersCode: string; type?: 'prepaid' | 'postpaid' },
      signal?: AbortSignal,
    ): Promise<UpstreamAnswer> {
      return exchange(
        'POST',
        '/merchant-verify',
        { billersCode: req.billersCode, serviceID: req.serviceID, type: req.type },
        signal,
      );
    },

    /** POST /api/requery. */
    async requery(requestId: string, signal?: AbortSignal): Promise<VtpassExchange> {
      const answer = await exchange('POST', '/requery', { request_id: requestId }, signal);
      return { answer, outcome: vtpassRequeryOutcome(answer) };
    },

    /** GET /api/balance: the wallet balance in naira. */
    async balance(signal?: AbortSignal): Promise<VtpassResult<VtpassBalance>> {
      const result = await read(await exchange('GET', '/balance', undefined, signal), balanceSchema);
      return result.ok ? { ok: true, data: { balanceNaira: result.data.contents.balance } } : result;
    },

    /** GET /api/service-variations?serviceID=…: a data service's plans. */
    async serviceVariations(serviceID: string): Promise<VtpassResult<VtpassVariations>> {
      const query = new URLSearchParams({ serviceID }).toString();
      const result = await read(await exchange('GET', `/service-variations?${query}`), variationsSchema);
      return result.ok ? { ok: true, data: result.data.content } : result;
    },
  };
}

export type VtpassClient = ReturnType<typeof createVtpassClient>;
