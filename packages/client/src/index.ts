// @vendport/client: the typed client of the VendPort vending API. The types and the request layer
// are generated (openapi-typescript from ../openapi.json, openapi-fetch at run time); what is
// written by hand is what a generator cannot know: vend() retries with the same reference only,
// waitForVend() for `Prefer: respond-async` callers, verifyWebhook(), and typed errors.
// Runs on Node 20+ and any runtime with fetch and WebCrypto (no node: imports).
import createClient from 'openapi-fetch';
import type { components, paths } from '../generated/schema';

export type { components, paths, webhooks } from '../generated/schema';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The failure envelope every failure of the API answers. */
export type ErrorEnvelope = components['schemas']['ErrorEnvelope'];
export type VendRequest = Json<paths['/api/v1/api/vend']['post']['requestBody']>;
export type Vend = Json<paths['/api/v1/api/vend']['post']['responses'][200]>['data'];
export type VendStatus = Vend['status'];
export type Balance = Json<paths['/api/v1/api/balance']['get']['responses'][200]>['data'];
export type Service = Json<paths['/api/v1/api/services']['get']['responses'][200]>['data'][number];
export type DataPlan = Json<paths['/api/v1/api/data-plans']['get']['responses'][200]>['data'][number];
export type Network = NonNullable<VendRequest['network']>;
export type SandboxBalance = Json<paths['/api/v1/api/sandbox/fund']['post']['responses'][200]>['data'];
export type BillPayRequest = Json<paths['/api/v1/api/bills/pay']['post']['requestBody']>;
export type Bill = Json<paths['/api/v1/api/bills/pay']['post']['responses'][200]>['data'];
export type BillVerifyRequest = Json<paths['/api/v1/api/bills/verify']['post']['requestBody']>;
export type BillVerification = Json<paths['/api/v1/api/bills/verify']['post']['responses'][200]>['data'];
export type Biller = Json<paths['/api/v1/api/bills/billers']['get']['responses'][200]>['data'][number];
export type Bouquet = Json<
  paths['/api/v1/api/bills/billers/{code}/bouquets']['get']['responses'][200]
>['data'][number];
/** A webhook event as delivered to your URL. */
export type WebhookEvent =
  | components['schemas']['WebhookEvent_vend_successful']
  | components['schemas']['WebhookEvent_vend_failed']
  | components['schemas']['WebhookEvent_vend_reversed']
  | components['schemas']['WebhookEvent_bill_successful']
  | components['schemas']['WebhookEvent_bill_failed']
  | components['schemas']['WebhookEvent_bill_reversed'];

/**
 * A call that did not succeed. `status` is the HTTP status (0 when no answer came: network error
 * after the last attempt, or waitForVend's time limit); `code` the envelope's code
 * (e.g. INSUFFICIENT_FUNDS, IDEMPOTENCY_CONFLICT, RATE_LIMITED), or NETWORK_ERROR / WAIT_TIMEOUT.
 */
export class VendPortError extends Error {
  override readonly name = 'VendPortError';
  readonly status: number;
  readonly code: string;
  /** The envelope's list of problems (one per invalid field for a 400). */
  readonly errors: string[];
  constructor(
    message: string,
    status: number,
    code: string,
    errors: string[] = [],
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

/** A webhook delivery that is not VendPort's (bad signature) or is too old to trust. */
export class WebhookVerificationError extends Error {
  override readonly name = 'WebhookVerificationError';
}

export interface RetryOptions {
  /** Attempts in all, the first included (default 4). */
  attempts?: number;
  /** Delay before the second attempt, doubled for each next one, with jitter (default 500 ms). */
  baseDelayMs?: number;
  /** Longest delay between attempts (default 8000 ms). */
  maxDelayMs?: number;
}

export interface VendPortClientOptions {
  /** The server's origin, e.g. https://vendport.example (the paths carry /api/v1/api/...). */
  baseUrl: string;
  /** vpk_test_... (sandbox wallet and simulator) or vpk_live_... */
  apiKey: string;
  /** A fetch of your own (a proxy, a test double); defaults to globalThis.fetch. */
  fetch?: (input: Request) => Promise<Response>;
  retry?: RetryOptions;
  /**
   * How long one call may take, answer and body both (default 30 000 ms). Past it the request is
   * aborted and counts as no answer: retried (with the same reference for a vend), then VendPortError
   * `TIMEOUT`.
   */
  timeoutMs?: number;
}

/** What vend() takes: the API's body, the reference optional (one is made when missing). */
export type VendInput = Omit<VendRequest, 'reference'> & { reference?: string };

export interface VendOptions {
  /** Send `Prefer: respond-async`: answered once the wallet is debited (status PENDING). */
  respondAsync?: boolean;
}

export interface VendResult {
  vend: Vend;
  /** The API's message, e.g. "Airtime of ₦500.00 sent to ...". */
  message: string;
  /** The answer was the original result of an earlier call with this reference. */
  replayed: boolean;
  /** Answered 202 under `respond-async`: the final status follows by webhook or waitForVend. */
  accepted: boolean;
  /** How many calls it took (1 without a retry). */
  attempts: number;
}

/** What payBill() takes: the API's body, the reference optional (one is made when missing). */
export type BillPayInput = Omit<BillPayRequest, 'reference'> & { reference?: string };

export interface BillResult {
  bill: Bill;
  message: string;
  replayed: boolean;
  accepted: boolean;
  attempts: number;
}

export interface WaitOptions {
  /** Give up after this long (default 120 000 ms) with VendPortError WAIT_TIMEOUT. */
  timeoutMs?: number;
  /** Between reads (default 2000 ms). */
  intervalMs?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A reference the API accepts (letters, digits, `._:-`, at most 64). */
export const newReference = () => `vp-${globalThis.crypto.randomUUID()}`;

type Answer<T> = { data?: T; error?: unknown; response: Response };

function errorOf(res: Response, body: unknown): VendPortError {
  const env = (body ?? {}) as Partial<ErrorEnvelope>;
  return new VendPortError(
    typeof env.message === 'string' ? env.message : `HTTP ${res.status}`,
    res.status,
    typeof env.code === 'string' ? env.code : 'HTTP_ERROR',
    Array.isArray(env.errors) ? env.errors : [],
  );
}

/** The deadline of one call: a fetch whose request is aborted `timeoutMs` after it starts (the body's
 * reading too: the timer is not cleared at the headers, only left not to hold a process open). */
function timedFetch(custom: ((input: Request) => Promise<Response>) | undefined, timeoutMs: number) {
  return (req: Request) => {
    const deadline = new AbortController();
    const timer = setTimeout(
      () => deadline.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError')),
      timeoutMs,
    );
    (timer as { unref?: () => void }).unref?.();
    req.signal?.addEventListener('abort', () => deadline.abort(req.signal.reason), { once: true });
    // The global fetch takes the signal beside the request (a Request rebuilt around a signal is not
    // aborted by every runtime's fetch); a fetch of the caller's own gets the request carrying it.
    const sent = custom
      ? custom(new Request(req, { signal: deadline.signal }))
      : globalThis.fetch(req, { signal: deadline.signal });
    return sent.catch((err: unknown) => {
      clearTimeout(timer);
      throw deadline.signal.aborted ? deadline.signal.reason : err;
    });
  };
}

export function createVendPortClient(options: VendPortClientOptions) {
  const timeoutMs = options.timeoutMs ?? 30_000;
  const raw = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { 'X-API-Key': options.apiKey },
    fetch: timedFetch(options.fetch, timeoutMs),
  });
  const attempts = Math.max(1, options.retry?.attempts ?? 4);
  const baseDelay = options.retry?.baseDelayMs ?? 500;
  const maxDelay = options.retry?.maxDelayMs ?? 8000;
  const delay = (n: number) => Math.min(maxDelay, baseDelay * 2 ** (n - 1)) * (0.5 + Math.random() / 2);

  /**
   * One call, repeated as it is on a network error, a 5xx or a 429 (after its Retry-After, when
   * that is within maxDelayMs). Only calls that are safe to repeat
   * come here: reads, and a vend whose reference is fixed before the first attempt (the API
   * answers a repeated reference with the original vend; it never vends twice).
   */
  async function send<T>(
    call: () => Promise<Answer<T>>,
  ): Promise<{ data: T; response: Response; attempts: number }> {
    let last: unknown;
    /** Asked by the server (a 429's Retry-After, ms), instead of the backoff. */
    let retryAfterMs: number | null = null;
    for (let n = 1; n <= attempts; n++) {
      if (n > 1) await sleep(retryAfterMs ?? delay(n - 1));
      retryAfterMs = null;
      let answer: Answer<T>;
      try {
        answer = await call();
      } catch (err) {
        // No answer: the call may or may not have reached the server; repeat it as it was.
        const timedOut = (err as Error)?.name === 'TimeoutError';
        last = timedOut
          ? new VendPortError(`No answer within ${timeoutMs} ms`, 0, 'TIMEOUT', [], { cause: err })
          : new VendPortError(`Network error: ${(err as Error)?.message ?? err}`, 0, 'NETWORK_ERROR', [], {
              cause: err,
            });
        continue;
      }
      if (answer.response.ok) return { data: answer.data as T, response: answer.response, attempts: n };
      last = errorOf(answer.response, answer.error);
      // Over the rate limit (429): nothing was done; again after Retry-After when that is no
      // longer than the longest delay, else the error at once.
      if (answer.response.status === 429) {
        const s = Number(answer.response.headers.get('retry-after'));
        if (!Number.isFinite(s) || s < 0 || s * 1000 > maxDelay) break;
        retryAfterMs = s * 1000;
        continue;
      }
      if (answer.response.status < 500) break;
    }
    throw last;
  }

  async function getVend(reference: string): Promise<Vend> {
    const { data } = await send(() =>
      raw.GET('/api/v1/api/vend/{reference}', { params: { path: { reference } } }),
    );
    return data.data;
  }

  async function getBill(reference: string): Promise<Bill> {
    const { data } = await send(() =>
      raw.GET('/api/v1/api/bills/{reference}', { params: { path: { reference } } }),
    );
    return data.data;
  }

  return {
    /** The generated openapi-fetch client (X-API-Key set), for anything not wrapped here. */
    raw,

    /**
     * Vends airtime or data. Without `reference`, one is made; the same reference is sent on every
     * attempt (network error or 5xx), so a retry can never vend twice. A 4xx is thrown at once.
     */
    async vend(input: VendInput, opts: VendOptions = {}): Promise<VendResult> {
      const body = { ...input, reference: input.reference ?? newReference() } as VendRequest;
      const headers: Record<string, string> = opts.respondAsync ? { Prefer: 'respond-async' } : {};
      const r = await send(() => raw.POST('/api/v1/api/vend', { body, headers }));
      return {
        vend: r.data.data,
        message: r.data.message,
        replayed: r.response.headers.get('idempotent-replayed') === 'true',
        accepted: r.response.status === 202,
        attempts: r.attempts,
      };
    },

    /** A vend by your reference (a test key sees test vends only). */
    getVend,

    /** Reads the vend until it is no longer PENDING (after a `respondAsync` vend). */
    async waitForVend(reference: string, opts: WaitOptions = {}): Promise<Vend> {
      const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
      const interval = opts.intervalMs ?? 2000;
      for (;;) {
        const v = await getVend(reference);
        if (v.status !== 'PENDING') return v;
        if (Date.now() + interval > deadline)
          throw new VendPortError(`Vend ${reference} is still PENDING`, 0, 'WAIT_TIMEOUT');
        await sleep(interval);
      }
    },

    /** The wallet balance (the sandbox wallet for a test key). */
    async balance(): Promise<Balance> {
      return (await send(() => raw.GET('/api/v1/api/balance'))).data.data;
    },

    /** The services you may vend, with commission and amount bounds. */
    async services(): Promise<Service[]> {
      return (await send(() => raw.GET('/api/v1/api/services'))).data.data;
    },

    /** The active data plans (vend one with type DATA and its planCode). */
    async dataPlans(network?: Network): Promise<DataPlan[]> {
      const query = network ? { network } : {};
      return (await send(() => raw.GET('/api/v1/api/data-plans', { params: { query } }))).data.data;
    },

    /** The billers you may pay (electricity and TV), optionally of one kind. */
    async billers(kind?: Biller['kind']): Promise<Biller[]> {
      const query = kind ? { kind } : {};
      return (await send(() => raw.GET('/api/v1/api/bills/billers', { params: { query } }))).data.data;
    },

    /** A TV biller's bouquets (the codes a CHANGE payment takes). */
    async bouquets(code: string): Promise<Bouquet[]> {
      return (
        await send(() => raw.GET('/api/v1/api/bills/billers/{code}/bouquets', { params: { path: { code } } }))
      ).data.data;
    },

    /**
     * Verifies a meter, smartcard or IUC number: the customer's name and address (TV: the current
     * bouquet and renewal amount) and a verification id a payment reuses for 10 minutes. A number the
     * biller does not know throws VendPortError 422 VERIFICATION_FAILED.
     */
    async verifyBill(input: BillVerifyRequest): Promise<BillVerification> {
      return (await send(() => raw.POST('/api/v1/api/bills/verify', { body: input }))).data.data;
    },

    /**
     * Pays an electricity or TV bill. Without `reference`, one is made; the same reference is sent on
     * every attempt, so a retry can never pay twice. The answer carries the token (prepaid) once the
     * biller confirms; a PENDING bill's token follows by the bill.* webhook or waitForBill.
     */
    async payBill(input: BillPayInput, opts: VendOptions = {}): Promise<BillResult> {
      const body = { ...input, reference: input.reference ?? newReference() } as BillPayRequest;
      const headers: Record<string, string> = opts.respondAsync ? { Prefer: 'respond-async' } : {};
      const r = await send(() => raw.POST('/api/v1/api/bills/pay', { body, headers }));
      return {
        bill: r.data.data,
        message: r.data.message,
        replayed: r.response.headers.get('idempotent-replayed') === 'true',
        accepted: r.response.status === 202,
        attempts: r.attempts,
      };
    },

    /** A bill by your reference, with its token. */
    getBill,

    /** Reads the bill until it is no longer PENDING (its token then, for prepaid electricity). */
    async waitForBill(reference: string, opts: WaitOptions = {}): Promise<Bill> {
      const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
      const interval = opts.intervalMs ?? 2000;
      for (;;) {
        const b = await getBill(reference);
        if (b.status !== 'PENDING') return b;
        if (Date.now() + interval > deadline)
          throw new VendPortError(`Bill ${reference} is still PENDING`, 0, 'WAIT_TIMEOUT');
        await sleep(interval);
      }
    },

    /** Test keys only: adds test money (naira, e.g. "5000") to the sandbox wallet. */
    async fundSandbox(amount: string | number): Promise<SandboxBalance> {
      const body = { amount } as Json<paths['/api/v1/api/sandbox/fund']['post']['requestBody']>;
      // Not repeated: each call adds money (a 5xx or network error is thrown; read balance() first).
      const { data, error, response } = await raw.POST('/api/v1/api/sandbox/fund', { body });
      if (!response.ok || !data) throw errorOf(response, error);
      return data.data;
    },
  };
}

export type VendPortClient = ReturnType<typeof createVendPortClient>;

// ------------------------------------------------------------------ webhooks

const utf8 = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export interface VerifyOptions {
  /** Refuse a signature whose `t` is further than this from now (default 300 s). */
  toleranceSeconds?: number;
  /** Now, in milliseconds (for tests). */
  now?: number;
}

/**
 * Checks a delivery's `X-VendPort-Signature: t=<unix>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`
 * over the raw body as received (before any JSON parsing), and returns the event. Throws
 * WebhookVerificationError when the header is missing or malformed, the signature does not match,
 * or `t` is outside the tolerance (a replayed old delivery). The comparison is WebCrypto's
 * HMAC verify, which compares in constant time.
 */
export async function verifyWebhook(
  rawBody: string | Uint8Array,
  header: string | null | undefined,
  secret: string,
  opts: VerifyOptions = {},
): Promise<WebhookEvent> {
  if (!header) throw new WebhookVerificationError('No X-VendPort-Signature header');
  let t: number | null = null;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of header.split(',')) {
    const [k, v] = part.trim().split('=', 2);
    if (k === 't' && /^\d+$/.test(v ?? '')) t = Number(v);
    if (k === 'v1') {
      const bytes = hexBytes(v ?? '');
      if (bytes) signatures.push(bytes);
    }
  }
  if (t === null || !signatures.length)
    throw new WebhookVerificationError('Malformed X-VendPort-Signature header (expected t=...,v1=...)');
  const tolerance = opts.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((opts.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - t) > tolerance)
    throw new WebhookVerificationError(`Signature timestamp outside the tolerance of ${tolerance} s`);

  const body = typeof rawBody === 'string' ? utf8.encode(rawBody) : rawBody;
  const prefix = utf8.encode(`${t}.`);
  const signed = new Uint8Array(prefix.length + body.length);
  signed.set(prefix, 0);
  signed.set(body, prefix.length);
  const key = await globalThis.crypto.subtle.importKey(
    'raw',
    utf8.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  let ok = false;
  for (const sig of signatures) {
    if (await globalThis.crypto.subtle.verify('HMAC', key, sig, signed)) ok = true;
  }
  if (!ok) throw new WebhookVerificationError('Signature mismatch');
  return JSON.parse(new TextDecoder().decode(body)) as WebhookEvent;
}
