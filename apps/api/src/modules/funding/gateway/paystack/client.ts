// A thin typed client for Paystack's HTTP API: one `exchange` (Bearer secret key, JSON, a deadline on
// headers and body alike) and the calls card funding makes. Other groups of calls (customers and
// dedicated virtual accounts) are more functions over the same `exchange`, in files of their own.
//
// What it promises its caller: nothing here throws for what the network or Paystack does. A timeout,
// a refused or reset connection, a 5xx and a body that is not JSON all come back as a PaystackAnswer;
// answers.ts decides what each means (UNKNOWN unless Paystack's documented shape says otherwise).
//
// Documentation followed:
//   https://paystack.com/docs/api/                    Bearer secret key; { status, message, data } envelope
//   https://paystack.com/docs/api/transaction/        initialize, verify/:reference, list (perPage, page,
//                                                     from, to, status) and their answers
//   https://paystack.com/docs/payments/accept-payments/  amount in the currency's subunit (kobo);
//                                                     callback_url receives ?trxref=…&reference=…
import { z } from 'zod';
import { exchangeJson, type OutboundAnswer } from '../../../../infra/outbound';

export interface PaystackClientOptions {
  /** https://api.paystack.co, or a stand-in (mocks/paystack). No trailing slash needed. */
  baseUrl: string;
  /** sk_test_… or sk_live_…. */
  secretKey: string;
  /** The deadline of each call, headers and body both. */
  timeoutMs: number;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** One HTTP exchange: a status and its body (parsed JSON, or the raw text), or no answer at all. */
export type PaystackAnswer = OutboundAnswer;

export type PaystackExchange = (
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
) => Promise<PaystackAnswer>;

/** The one HTTP call every Paystack function goes through; never throws. */
export function paystackExchange(opts: PaystackClientOptions): PaystackExchange {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  return async (method, path, body) => {
    return exchangeJson(
      doFetch,
      `${base}${path}`,
      {
        method,
        headers: {
          authorization: `Bearer ${opts.secretKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body,
      },
      opts.timeoutMs,
    );
  };
}

/** Paystack's envelope: `status` false carries a `message` (and sometimes `code`, `type`). */
export const envelope = z.object({
  status: z.boolean(),
  message: z.string().optional(),
  code: z.string().optional(),
  data: z.unknown().optional(),
});

export type PaystackResult<T> = { ok: true; data: T } | { ok: false; detail: string };

/** A 2xx answer whose envelope says true and whose data matches `schema`; anything else, in words. */
export function readData<T>(answer: PaystackAnswer, schema: z.ZodType<T>): PaystackResult<T> {
  if ('noAnswer' in answer) return { ok: false, detail: `no answer: ${answer.reason}` };
  const env = envelope.safeParse(answer.body);
  const said = env.success && env.data.message ? `: ${env.data.message}` : '';
  if (answer.httpStatus < 200 || answer.httpStatus >= 300)
    return { ok: false, detail: `HTTP ${answer.httpStatus}${said}` };
  if (!env.success) return { ok: false, detail: 'Paystack answer does not parse' };
  if (!env.data.status) return { ok: false, detail: `Paystack refused${said}` };
  const data = schema.safeParse(env.data.data);
  if (!data.success) return { ok: false, detail: 'Paystack answer data does not parse' };
  return { ok: true, data: data.data };
}

export interface PaystackInitializeRequest {
  email: string;
  /** In kobo (Paystack takes the subunit, as a string or a number). */
  amountKobo: number;
  reference: string;
  callbackUrl: string;
  metadata?: Record<string, unknown>;
}

/** https://paystack.com/docs/api/transaction/#initialize : the answer's data. */
export const initializeData = z.object({
  authorization_url: z.url(),
  access_code: z.string(),
  reference: z.string(),
});
export type PaystackInitialized = z.infer<typeof initializeData>;

/** One transaction as verify and list show it (the fields VendPort reads; Paystack sends many more). */
export const transactionData = z.object({
  id: z.number(),
  status: z.string(),
  reference: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  gateway_response: z.string().nullable().optional(),
  paid_at: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  channel: z.string().nullable().optional(),
  customer: z.looseObject({ email: z.string().nullable().optional() }).nullable().optional(),
});
export type PaystackTransaction = z.infer<typeof transactionData>;

export const listMeta = z.object({
  total: z.number().int(),
  perPage: z.coerce.number().int(),
  page: z.coerce.number().int(),
  pageCount: z.number().int(),
});

export interface PaystackListQuery {
  from?: Date;
  to?: Date;
  status?: 'success' | 'failed' | 'abandoned';
  page?: number;
  perPage?: number;
}

/** The transaction calls: POST /transaction/initialize, GET /transaction/verify/:reference,
 * GET /transaction (paged). */
export function paystackTransactions(exchange: PaystackExchange) {
  return {
    /** The answer as it came, for the caller to read with readData(…, initializeData). */
    initialize(req: PaystackInitializeRequest): Promise<PaystackAnswer> {
      return exchange('POST', '/transaction/initialize', {
        email: req.email,
        amount: String(req.amountKobo),
        currency: 'NGN',
        reference: req.reference,
        callback_url: req.callbackUrl,
        ...(req.metadata ? { metadata: req.metadata } : {}),
      });
    },
    /** The answer as it came: answers.ts maps it (a 404 or "not found" is a meaning of its own). */
    verify(reference: string): Promise<PaystackAnswer> {
      return exchange('GET', `/transaction/verify/${encodeURIComponent(reference)}`);
    },
    async list(
      q: PaystackListQuery = {},
    ): Promise<PaystackResult<{ transactions: PaystackTransaction[]; meta: z.infer<typeof listMeta> }>> {
      const params = new URLSearchParams();
      if (q.perPage) params.set('perPage', String(q.perPage));
      if (q.page) params.set('page', String(q.page));
      if (q.from) params.set('from', q.from.toISOString());
      if (q.to) params.set('to', q.to.toISOString());
      if (q.status) params.set('status', q.status);
      const answer = await exchange('GET', `/transaction${params.size ? `?${params}` : ''}`);
      const data = readData(answer, z.array(transactionData));
      if (!data.ok) return data;
      const meta = listMeta.safeParse((answer as { body: { meta?: unknown } }).body.meta);
      if (!meta.success) return { ok: false, detail: 'Paystack list meta does not parse' };
      return { ok: true, data: { transactions: data.data, meta: meta.data } };
    },
  };
}

export type PaystackClient = ReturnType<typeof paystackTransactions>;

export function createPaystackClient(opts: PaystackClientOptions): PaystackClient {
  return paystackTransactions(paystackExchange(opts));
}
