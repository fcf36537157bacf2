// A thin typed client for Reloadly's Airtime API (token, operator auto-detect, top-up, status, the
// transactions report, balance). The Reloadly adapter (reloadly.provider.ts) vends through it;
// configured-providers.ts builds it from the settings.
//
// What it promises its caller, as the VTpass client does: no method throws for what the network or
// Reloadly does. A timeout, a refused or reset connection, a 5xx and a body that is not JSON come back as an
// UpstreamAnswer, and reloadly.answers.ts turns those into UNKNOWN, never FAILED. autoDetectOperator and
// balance return parsed data or a typed error.
//
// Authentication (https://docs.reloadly.com/airtime/, https://raphaelugwu.gitbook.io/airtime/quickstart):
// OAuth 2.0 client credentials, POST https://auth.reloadly.com/oauth/token with { client_id, client_secret,
// grant_type: "client_credentials", audience } where audience is the API's own URL
// (https://topups.reloadly.com, or https://topups-sandbox.reloadly.com); the answer's access_token goes in
// `Authorization: Bearer …` and lives expires_in seconds (https://support.reloadly.com/locating-your-api-credentials:
// 24 h in the sandbox, 60 days live). The token is kept until one minute before it expires; callers that need
// one at the same time share one request. A 401 to any call (TOKEN_EXPIRED, say: the error-codes page asks
// clients to handle it) drops the token, fetches another and repeats that call once; a second 401 is the answer.
//
// A token that cannot be had means the call was never sent. For a top-up that is a definite FAILED (PROVIDER):
// nothing reached Reloadly, so failing over cannot deliver twice. For every other call it is UNKNOWN.
import { z } from 'zod';
import { exchangeJson } from '../../infra/outbound';
import { reloadlyStatusOutcome, reloadlyTopupOutcome } from './reloadly.answers';
import {
  failed,
  refused,
  type UpstreamAnswer,
  type UpstreamOutcome,
  unknown,
  unreadable,
} from './upstream.answers';

/** The Accept header of every Airtime request sample (e.g. https://docs.reloadly.com/airtime/transactions/get-transaction). */
export const RELOADLY_TOPUPS_ACCEPT = 'application/com.reloadly.topups-v1+json';

export interface ReloadlyClientOptions {
  /** The auth server, e.g. https://auth.reloadly.com (the client adds /oauth/token). */
  authUrl: string;
  /** The Airtime API, e.g. https://topups-sandbox.reloadly.com; also the token's audience. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The deadline of each HTTP call, headers and body both. */
  timeoutMs: number;
  /** The most of an answer's body read (infra/outbound.ts: 256 KB by default). */
  maxBodyBytes?: number;
  /** For tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** The clock in ms, for the token's expiry; Date.now otherwise. */
  now?: () => number;
}

export interface ReloadlyTopupRequest {
  /** Our unique reference for the top-up; Reloadly refuses to reuse one. */
  customIdentifier: string;
  operatorId: number;
  amountNaira: number;
  /** The recipient's Nigerian number. */
  phone: string;
}

/** What one top-up, status or report exchange was, and what it means for the vend. */
export interface ReloadlyExchange {
  answer: UpstreamAnswer;
  outcome: UpstreamOutcome;
  /** True when no access token could be had, so the call itself was never sent (`answer` is the token's). */
  tokenFailure?: true;
}

export type ReloadlyTopupExchange = ReloadlyExchange & { transactionId?: number };
export type ReloadlyLookup = ReloadlyExchange & { transactionId?: number; status?: string };

/** Why autoDetectOperator or balance has no data. */
export type ReloadlyError =
  /** Timeout, refused or reset connection. */
  | { kind: 'NO_ANSWER'; detail: string }
  /** A status other than 2xx without Reloadly's error body. */
  | { kind: 'HTTP'; httpStatus: number; detail: string }
  /** Reloadly's error body: { errorCode, message, ... } (COULD_NOT_AUTO_DETECT_OPERATOR, INVALID_CREDENTIALS, ...). */
  | { kind: 'REFUSED'; httpStatus: number; code: string; detail: string }
  /** A body that is not JSON, or not the documented shape. */
  | { kind: 'UNPARSEABLE'; detail: string };

export type ReloadlyResult<T> = { ok: true; data: T } | { ok: false; error: ReloadlyError };

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number().positive() });
const operatorSchema = z.object({ operatorId: z.number(), name: z.string() });
export type ReloadlyOperator = z.infer<typeof operatorSchema>;
const balanceSchema = z.object({ balance: z.number(), currencyCode: z.string() });
export type ReloadlyBalance = z.infer<typeof balanceSchema>;
const errorSchema = z.object({ errorCode: z.string(), message: z.string().nullish() });
const topupIdSchema = z.object({ transactionId: z.number() });
const reportSchema = z.object({
  content: z.array(
    z
      .object({ transactionId: z.number(), status: z.string(), customIdentifier: z.string().nullish() })
      .passthrough(),
  ),
});

const reportEntrySchema = z
  .object({
    transactionId: z.number(),
    status: z.string(),
    customIdentifier: z.string().nullish(),
    requestedAmount: z.union([z.number(), z.string()]),
    discount: z.union([z.number(), z.string()]).nullish(),
    transactionDate: z.string().nullish(),
  })
  .passthrough();
const reportListSchema = z.object({
  content: z.array(reportEntrySchema),
  last: z.boolean().optional(),
  totalPages: z.number().optional(),
});
export type ReloadlyReportEntry = z.infer<typeof reportEntrySchema>;

/** "2021-05-11 21:14:00", the report's date format (https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction), in UTC. */
export const reloadlyStamp = (at: Date) => at.toISOString().replace('T', ' ').slice(0, 19);

/** The report's page size when reading a whole period; the page says the default is 100. */
const REPORT_PAGE_SIZE = 200;
/** A period longer than this many pages is refused rather than read without end. */
const REPORT_MAX_PAGES = 500;

/** How long before its stated expiry a token stops being used. */
const TOKEN_MARGIN_MS = 60_000;

type Token = { ok: true; token: string } | { ok: false; answer: UpstreamAnswer };

export function createReloadlyClient(opts: ReloadlyClientOptions) {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const authBase = opts.authUrl.replace(/\/+$/, '');
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? Date.now;
  let cached: { token: string; usableUntil: number } | undefined;
  let inflight: Promise<Token> | undefined;

  /** One HTTP exchange; never throws. */
  async function exchange(
    url: string,
    init: { method: string; headers: Record<string, string>; body?: unknown },
    signal?: AbortSignal,
  ) {
    return exchangeJson(doFetch, url, init, opts.timeoutMs, { signal, maxBodyBytes: opts.maxBodyBytes });
  }

  // POST {authUrl}/oauth/token: https://docs.reloadly.com/airtime/ (Authentication) and
  // https://raphaelugwu.gitbook.io/airtime/quickstart.
  async function requestToken(): Promise<Token> {
    const answer: UpstreamAnswer = await exchange(`${authBase}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        grant_type: 'client_credentials',
        audience: base,
      },
    });
    if ('noAnswer' in answer || answer.httpStatus < 200 || answer.httpStatus >= 300)
      return { ok: false, answer };
    const parsed = tokenSchema.safeParse(answer.body);
    if (!parsed.success) return { ok: false, answer };
    const { access_token, expires_in } = parsed.data;
    cached = { token: access_token, usableUntil: now() + expires_in * 1000 - TOKEN_MARGIN_MS };
    return { ok: true, token: access_token };
  }

  /** The token; a caller whose deadline passes stops waiting (the shared request, bounded by its own
   * time limit, goes on for the others). */
  function token(signal?: AbortSignal): Promise<Token> {
    if (cached && now() < cached.usableUntil) return Promise.resolve({ ok: true, token: cached.token });
    inflight ??= requestToken().finally(() => {
      inflight = undefined;
    });
    if (!signal) return inflight;
    const expired: Token = {
      ok: false,
      answer: { noAnswer: true, reason: 'not sent: the deadline had passed' },
    };
    if (signal.aborted) return Promise.resolve(expired);
    return new Promise<Token>((resolve) => {
      const onAbort = () => resolve(expired);
      signal.addEventListener('abort', onAbort, { once: true });
      void inflight!.then((t) => {
        signal.removeEventListener('abort', onAbort);
        resolve(t);
      });
    });
  }

  /**
   * An API call with the bearer token, repeated once with a new token after a 401 or a 403 (a token
   * revoked or rotated under us); a second refusal is the answer. `signal`: the caller's deadline,
   * past which nothing more is sent.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    signal?: AbortSignal,
  ): Promise<{ answer: UpstreamAnswer; tokenFailure?: true }> {
    const send = (t: string) =>
      exchange(
        `${base}${path}`,
        {
          method,
          headers: {
            authorization: `Bearer ${t}`,
            accept: RELOADLY_TOPUPS_ACCEPT,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body,
        },
        signal,
      );
    const first = await token(signal);
    if (!first.ok) return { answer: first.answer, tokenFailure: true };
    const answer = await send(first.token);
    if ('noAnswer' in answer || (answer.httpStatus !== 401 && answer.httpStatus !== 403)) return { answer };
    // Drop the refused token unless another caller has already replaced it.
    if (cached?.token === first.token) cached = undefined;
    const second = await token(signal);
    if (!second.ok) return { answer: second.answer, tokenFailure: true };
    return { answer: await send(second.token) };
  }

  function read<T>(answer: UpstreamAnswer, schema: z.ZodType<T>): ReloadlyResult<T> {
    if ('noAnswer' in answer) return { ok: false, error: { kind: 'NO_ANSWER', detail: answer.reason } };
    const { httpStatus, body } = answer;
    if (httpStatus >= 200 && httpStatus < 300) {
      const parsed = schema.safeParse(body);
      if (parsed.success) return { ok: true, data: parsed.data };
      return { ok: false, error: { kind: 'UNPARSEABLE', detail: 'Reloadly answer does not parse' } };
    }
    const refusal = errorSchema.safeParse(body);
    if (refusal.success) {
      const { errorCode, message } = refusal.data;
      const detail = `Reloadly HTTP ${httpStatus} ${errorCode}${message ? ` ${message}` : ''}`;
      return { ok: false, error: { kind: 'REFUSED', httpStatus, code: errorCode, detail } };
    }
    return { ok: false, error: { kind: 'HTTP', httpStatus, detail: `HTTP ${httpStatus}` } };
  }

  return {
    // GET /operators/auto-detect/phone/{phone}/countries/NG:
    // https://raphaelugwu.gitbook.io/airtime/operators/auto-detect-an-operator
    async autoDetectOperator(phone: string, signal?: AbortSignal): Promise<ReloadlyResult<ReloadlyOperator>> {
      const { answer } = await call(
        'GET',
        `/operators/auto-detect/phone/${encodeURIComponent(phone)}/countries/NG`,
        undefined,
        signal,
      );
      const result = read(answer, operatorSchema);
      return result.ok
        ? { ok: true, data: { operatorId: result.data.operatorId, name: result.data.name } }
        : result;
    },

    // POST /topups: https://raphaelugwu.gitbook.io/airtime/top-ups/top-up (useLocalAmount: the amount is naira).
    async topup(req: ReloadlyTopupRequest, signal?: AbortSignal): Promise<ReloadlyTopupExchange> {
      const { answer, tokenFailure } = await call(
        'POST',
        '/topups',
        {
          operatorId: req.operatorId,
          amount: req.amountNaira,
          useLocalAmount: true,
          customIdentifier: req.customIdentifier,
          recipientPhone: { countryCode: 'NG', number: req.phone },
        },
        signal,
      );
      if (tokenFailure) {
        // Nothing reached /topups. A token endpoint that answered 4xx refused our credentials (a
        // definite refusal: issue 49); no answer or a 5xx is Reloadly's trouble, still a failure here.
        const credentials = !('noAnswer' in answer) && answer.httpStatus >= 400 && answer.httpStatus < 500;
        const detail = `Reloadly token refused: ${describe(answer)}`;
        return { answer, tokenFailure, outcome: credentials ? refused(detail) : failed('PROVIDER', detail) };
      }
      const id =
        !('noAnswer' in answer) && answer.httpStatus < 300 ? topupIdSchema.safeParse(answer.body) : null;
      return {
        answer,
        outcome: reloadlyTopupOutcome(answer),
        transactionId: id?.success ? id.data.transactionId : undefined,
      };
    },

    // GET /topups/{transactionId}/status: https://docs.reloadly.com/airtime/top-ups/top-up-status
    async status(transactionId: number, signal?: AbortSignal): Promise<ReloadlyExchange> {
      const { answer, tokenFailure } = await call(
        'GET',
        `/topups/${encodeURIComponent(transactionId)}/status`,
        undefined,
        signal,
      );
      if (tokenFailure)
        return { answer, tokenFailure, outcome: unknown(`Reloadly token refused: ${describe(answer)}`) };
      return { answer, outcome: reloadlyStatusOutcome(answer) };
    },

    // GET /topups/reports/transactions?customIdentifier=…: https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction
    // (query parameters page, size, customIdentifier, ...; answer { content: [...] }) and
    // https://docs.reloadly.com/airtime/transactions/get-transaction. For after a top-up went unanswered: did it
    // arrive? An empty list is NOT_FOUND; a list whose entries all carry other identifiers (the filter was not
    // applied) and any failed call are UNKNOWN.
    async findByCustomIdentifier(customIdentifier: string, signal?: AbortSignal): Promise<ReloadlyLookup> {
      const query = new URLSearchParams({ customIdentifier }).toString();
      const { answer, tokenFailure } = await call(
        'GET',
        `/topups/reports/transactions?${query}`,
        undefined,
        signal,
      );
      if (tokenFailure)
        return { answer, tokenFailure, outcome: unknown(`Reloadly token refused: ${describe(answer)}`) };
      const early = unreadable(answer);
      if (early || 'noAnswer' in answer) return { answer, outcome: early ?? unknown('no answer') };
      if (answer.httpStatus < 200 || answer.httpStatus >= 300) {
        return { answer, outcome: unknown(`Reloadly report answered HTTP ${answer.httpStatus}`) };
      }
      const parsed = reportSchema.safeParse(answer.body);
      if (!parsed.success) return { answer, outcome: unknown('Reloadly report does not parse') };
      const { content } = parsed.data;
      if (content.length === 0) {
        return {
          answer,
          outcome: { outcome: 'NOT_FOUND', detail: `Reloadly has no top-up ${customIdentifier}` },
        };
      }
      const found = content.find((t) => t.customIdentifier === customIdentifier);
      if (!found) return { answer, outcome: unknown('Reloadly report lists only other customIdentifiers') };
      return {
        answer,
        outcome: reloadlyStatusOutcome({ httpStatus: 200, body: found }),
        transactionId: found.transactionId,
        status: found.status,
      };
    },

    // GET /topups/reports/transactions?startDate=…&endDate=…&page=…&size=…:
    // https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction ("startDate ... Format is
    // YYYY-MM-DD HH:mm:ss", page from 1, size default 100, the answer's `content`). Every top-up of a
    // period, page by page, for the reconciliation of a day. Any failed page fails the whole read:
    // a partial list would report the missing top-ups as mismatches.
    async transactionsBetween(start: Date, end: Date): Promise<ReloadlyResult<ReloadlyReportEntry[]>> {
      const out: ReloadlyReportEntry[] = [];
      for (let page = 1; page <= REPORT_MAX_PAGES; page++) {
        const query = new URLSearchParams({
          startDate: reloadlyStamp(start),
          endDate: reloadlyStamp(end),
          page: String(page),
          size: String(REPORT_PAGE_SIZE),
        }).toString();
        const result = read(
          (await call('GET', `/topups/reports/transactions?${query}`)).answer,
          reportListSchema,
        );
        if (!result.ok) return result;
        out.push(...result.data.content);
        const last =
          result.data.last ??
          (result.data.totalPages !== undefined
            ? page >= result.data.totalPages
            : result.data.content.length < REPORT_PAGE_SIZE);
        if (last || result.data.content.length === 0) return { ok: true, data: out };
      }
      return {
        ok: false,
        error: { kind: 'UNPARSEABLE', detail: `Reloadly report longer than ${REPORT_MAX_PAGES} pages` },
      };
    },

    // GET /accounts/balance: https://raphaelugwu.gitbook.io/airtime/~gitbook/pdf (Account Balance).
    async balance(signal?: AbortSignal): Promise<ReloadlyResult<ReloadlyBalance>> {
      const result = read((await call('GET', '/accounts/balance', undefined, signal)).answer, balanceSchema);
      return result.ok
        ? { ok: true, data: { balance: result.data.balance, currencyCode: result.data.currencyCode } }
        : result;
    },
  };
}

export type ReloadlyClient = ReturnType<typeof createReloadlyClient>;

function describe(answer: UpstreamAnswer): string {
  if ('noAnswer' in answer) return `no answer (${answer.reason})`;
  const code = errorSchema.safeParse(answer.body);
  return `HTTP ${answer.httpStatus}${code.success ? ` ${code.data.errorCode}` : ''}`;
}
