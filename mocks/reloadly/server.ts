// A local stand-in for Reloadly's Airtime API and its auth server, written from Reloadly's public
// documentation so the Reloadly client can be built and tested without the internet. Both live on one
// origin here (POST /oauth/token beside the API), so a client gets authUrl = baseUrl = the mock's url.
// Stateful like the real service: tokens expire, top-ups are kept by transactionId and customIdentifier,
// PROCESSING top-ups settle when their status is asked, and the balance pays for what is delivered.
// Pages followed: README.md beside this file; each body builder in responses.ts cites its page.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { nationalNumber, operatorById, operatorOf, SCENARIO_NUMBERS, scenarioFor } from './catalogue.ts';
import {
  balanceBody,
  ERROR_MESSAGES,
  type ErrorCode,
  errorBody,
  operatorBody,
  reportPage,
  type Topup,
  type TopupStatus,
  topupBody,
} from './responses.ts';

/** The credentials the stand-in accepts unless told others; not real Reloadly credentials. */
export const SANDBOX_CREDENTIALS = {
  clientId: 'reloadly-mock-client-id',
  clientSecret: 'reloadly-mock-client-secret',
} as const;

export { SCENARIO_NUMBERS };

export interface ReloadlyMockOptions {
  clientId?: string;
  clientSecret?: string;
  /** Opening balance in naira (default 100,000). */
  balance?: number;
  /**
   * Lifetime of an access token in seconds. https://support.reloadly.com/locating-your-api-credentials:
   * 86,400 (24 h) in the sandbox, 5,184,000 (60 days) live. Default 86,400.
   */
  tokenTtlSeconds?: number;
  /** The status query on which a PROCESSING top-up settles: 1 (default) means the first. */
  settleAfter?: number;
  /** How long the timeout number waits before answering (default 120 s). */
  timeoutDelayMs?: number;
  /** The clock in ms, for tests (token expiry, dates). */
  now?: () => number;
  logger?: boolean;
}

export interface RecordedRequest {
  method: string;
  url: string;
  accept?: string;
  authorization?: string;
}

export interface ReloadlyMockState {
  balance: number;
  topups: Map<number, Topup>;
  byCustomIdentifier: Map<string, Topup>;
  /** Issued access tokens → expiry (ms since the epoch). */
  tokens: Map<string, number>;
  /** POST /oauth/token calls answered with a token. */
  tokensIssued: number;
  /** Every request after authentication, oldest first (the token request included). */
  requests: RecordedRequest[];
  /** How many API calls still to refuse with 401 TOKEN_EXPIRED (see rejectNextToken). */
  rejectNext: number;
  /** The last transactionId given (top-ups are numbered from 100,001). */
  lastTransactionId: number;
  /** The audience of the last token request. */
  lastAudience?: string;
}

const DEFAULT_TIMEOUT_DELAY_MS = 120_000;
type Body = Record<string, unknown>;

export function buildReloadlyMock(
  opts: ReloadlyMockOptions = {},
): FastifyInstance & { reloadly: ReloadlyMockState } {
  const creds = {
    clientId: opts.clientId ?? SANDBOX_CREDENTIALS.clientId,
    clientSecret: opts.clientSecret ?? SANDBOX_CREDENTIALS.clientSecret,
  };
  const now = opts.now ?? Date.now;
  const ttlMs = (opts.tokenTtlSeconds ?? 86_400) * 1000;
  const settleAfter = Math.max(1, opts.settleAfter ?? 1);
  const state: ReloadlyMockState = {
    balance: opts.balance ?? 100_000,
    topups: new Map(),
    byCustomIdentifier: new Map(),
    tokens: new Map(),
    tokensIssued: 0,
    requests: [],
    rejectNext: 0,
    lastTransactionId: 100_000,
  };
  const held = new Set<FastifyRequest>();
  const timers = new Set<NodeJS.Timeout>();

  // forceCloseConnections: close() must not wait on the connection the timeout number holds.
  const app = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true });

  const fail = (reply: FastifyReply, req: FastifyRequest, status: number, code: ErrorCode) =>
    reply.code(status).send(errorBody(new Date(now()), req.url.split('?')[0], code, ERROR_MESSAGES[code]));

  // Every API call carries `Authorization: Bearer <token>` (https://docs.reloadly.com/airtime/). An absent or
  // unknown token answers 401 INVALID_TOKEN, an expired one 401 TOKEN_EXPIRED (the error-codes page: "Handle
  // the HTTP 401 Unauthorized status code and the TOKEN_EXPIRED error code").
  app.addHook('onRequest', async (req, reply) => {
    state.requests.push({
      method: req.method,
      url: req.url,
      accept: req.headers.accept,
      authorization: req.headers.authorization,
    });
    if (req.method === 'POST' && req.url.split('?')[0] === '/oauth/token') return;
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
    const expiresAt = token ? state.tokens.get(token) : undefined;
    if (!token || expiresAt === undefined) return fail(reply, req, 401, 'INVALID_TOKEN');
    if (now() >= expiresAt) return fail(reply, req, 401, 'TOKEN_EXPIRED');
    if (state.rejectNext > 0) {
      state.rejectNext -= 1;
      state.tokens.set(token, 0);
      return fail(reply, req, 401, 'TOKEN_EXPIRED');
    }
  });

  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    for (const req of held) req.raw.socket?.destroy();
  });

  // https://docs.reloadly.com/airtime/ and https://raphaelugwu.gitbook.io/airtime/quickstart:
  // { client_id, client_secret, grant_type: "client_credentials", audience } →
  // { access_token, scope, expires_in, token_type: "Bearer" }.
  app.post('/oauth/token', async (req, reply) => {
    const b = (req.body ?? {}) as Body;
    if (b.client_id !== creds.clientId || b.client_secret !== creds.clientSecret) {
      return fail(reply, req, 401, 'INVALID_CREDENTIALS');
    }
    if (b.grant_type !== 'client_credentials' || typeof b.audience !== 'string') {
      return reply.code(400).send({ error: 'invalid_request' });
    }
    state.lastAudience = b.audience;
    const token = randomBytes(24).toString('base64url');
    state.tokens.set(token, now() + ttlMs);
    state.tokensIssued += 1;
    return reply.send({
      access_token: token,
      scope: 'send-topups read-operators read-promotions read-topups-history read-prepaid-balance',
      expires_in: ttlMs / 1000,
      token_type: 'Bearer',
    });
  });

  // https://raphaelugwu.gitbook.io/airtime/operators/auto-detect-an-operator
  app.get('/operators/auto-detect/phone/:phone/countries/:iso', async (req, reply) => {
    const { phone, iso } = req.params as { phone: string; iso: string };
    const operator = iso.toUpperCase() === 'NG' ? operatorOf(phone) : undefined;
    if (!operator) return fail(reply, req, 400, 'COULD_NOT_AUTO_DETECT_OPERATOR');
    return reply.send(operatorBody(operator));
  });

  // https://raphaelugwu.gitbook.io/airtime/top-ups/top-up
  app.post('/topups', async (req, reply) => {
    const b = (req.body ?? {}) as Body;
    const phone = (b.recipientPhone ?? {}) as Body;
    const amount = Number(b.amount);
    const operator = operatorById(Number(b.operatorId));
    const national = typeof phone.number === 'string' ? nationalNumber(phone.number) : null;
    const customIdentifier = typeof b.customIdentifier === 'string' ? b.customIdentifier : null;
    if (phone.countryCode !== 'NG' || !national) return fail(reply, req, 400, 'INVALID_RECIPIENT_PHONE');
    if (!operator) return fail(reply, req, 400, 'OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE');
    if (!Number.isFinite(amount) || amount <= 0) return fail(reply, req, 400, 'INVALID_AMOUNT');
    // "Once a reference has been used for a top-up transaction, it cannot be reused." The answer to a reuse
    // is not documented: 409 with a code of the stand-in's own (README.md).
    if (customIdentifier && state.byCustomIdentifier.has(customIdentifier)) {
      return fail(reply, req, 409, 'DUPLICATE_CUSTOM_IDENTIFIER');
    }
    const scenario = scenarioFor(national);
    if (scenario === 'recentlyRecharged') return fail(reply, req, 400, 'PHONE_RECENTLY_RECHARGED');
    if (scenario === 'insufficientBalance' || amount > state.balance) {
      return fail(reply, req, 400, 'INSUFFICIENT_BALANCE');
    }
    if (scenario === 'http500') {
      return reply.code(500).send({
        timestamp: new Date(now()).toISOString(),
        status: 500,
        error: 'Internal Server Error',
        path: '/topups',
      });
    }
    if (scenario === 'noAnswer') {
      // Nothing recorded: the request never reached the ledger, so the report will not find it.
      reply.hijack();
      req.raw.socket?.destroy();
      return;
    }
    const settlesTo =
      scenario === 'processingThenSuccessful'
        ? 'SUCCESSFUL'
        : scenario === 'processingThenFailed'
          ? 'FAILED'
          : scenario === 'processingThenRefunded'
            ? 'REFUNDED'
            : undefined;
    const t: Topup = {
      transactionId: ++state.lastTransactionId,
      status: settlesTo ? 'PROCESSING' : 'SUCCESSFUL',
      settlesTo,
      statusQueries: 0,
      customIdentifier,
      recipientPhone: `234${national.slice(1)}`,
      operator,
      amount,
      debited: amount,
      createdAt: new Date(now()),
    };
    state.balance -= amount;
    state.topups.set(t.transactionId, t);
    if (customIdentifier) state.byCustomIdentifier.set(customIdentifier, t);

    if (scenario === 'timeout') {
      // Recorded (and delivered) at once, answered late: the report finds it after the client gives up.
      held.add(req);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, opts.timeoutDelayMs ?? DEFAULT_TIMEOUT_DELAY_MS);
        timers.add(timer);
      });
      held.delete(req);
    }
    return reply.send(topupBody(t, state.balance));
  });

  // https://docs.reloadly.com/airtime/top-ups/top-up-status
  app.get('/topups/:id/status', async (req, reply) => {
    const t = state.topups.get(Number((req.params as { id: string }).id));
    if (!t) return fail(reply, req, 404, 'TRANSACTION_NOT_FOUND');
    if (t.status === 'PROCESSING' && t.settlesTo) {
      t.statusQueries += 1;
      if (t.statusQueries >= settleAfter) {
        t.status = t.settlesTo;
        // FAILED: "Funds are not debited"; REFUNDED: "funds debited ... are automatically refunded".
        if (t.status !== 'SUCCESSFUL') {
          state.balance += t.debited;
          t.debited = 0;
        }
      }
    }
    return reply.send(topupBody(t, state.balance));
  });

  // https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction: page, size, customIdentifier,
  // startDate and endDate ("Format is YYYY-MM-DD HH:mm:ss"; the page does not say whether the end is
  // inclusive: the stand-in reads the range as [startDate, endDate), its stamps in UTC as elsewhere).
  app.get('/topups/reports/transactions', async (req, reply) => {
    const q = req.query as Record<string, string | undefined>;
    const page = Math.max(1, Number(q.page) || 1);
    const size = Math.max(1, Number(q.size) || 100);
    const from = q.startDate ? Date.parse(`${q.startDate.replace(' ', 'T')}Z`) : null;
    const to = q.endDate ? Date.parse(`${q.endDate.replace(' ', 'T')}Z`) : null;
    if ((from !== null && Number.isNaN(from)) || (to !== null && Number.isNaN(to)))
      return fail(reply, req, 400, 'INVALID_DATE_RANGE');
    const all = [...state.topups.values()]
      .filter((t) => q.customIdentifier === undefined || t.customIdentifier === q.customIdentifier)
      .filter((t) => from === null || t.createdAt.getTime() >= from)
      .filter((t) => to === null || t.createdAt.getTime() < to)
      .sort((a, b) => b.transactionId - a.transactionId);
    const content = all.slice((page - 1) * size, page * size).map((t) => topupBody(t, state.balance));
    return reply.send(reportPage(content, page, size, all.length));
  });

  // https://raphaelugwu.gitbook.io/airtime/~gitbook/pdf (Account Balance)
  app.get('/accounts/balance', async (_req, reply) =>
    reply.send(balanceBody(state.balance, new Date(now()))),
  );

  return Object.assign(app, { reloadly: state });
}

/** Builds the stand-in and listens on 127.0.0.1; its url serves both /oauth/token and the API. */
export async function startReloadlyMock(opts: ReloadlyMockOptions & { port?: number } = {}) {
  const app = buildReloadlyMock(opts);
  await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const state = app.reloadly;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    /** What a VendPort server needs to talk to this stand-in (auth and API on one origin). */
    env: {
      RELOADLY_AUTH_URL: `http://127.0.0.1:${port}`,
      RELOADLY_BASE_URL: `http://127.0.0.1:${port}`,
      RELOADLY_CLIENT_ID: opts.clientId ?? SANDBOX_CREDENTIALS.clientId,
      RELOADLY_CLIENT_SECRET: opts.clientSecret ?? SANDBOX_CREDENTIALS.clientSecret,
    },
    state,
    close: () => app.close(),
    /** Refuse the next `times` API calls with 401 TOKEN_EXPIRED, expiring the token each presented. */
    rejectNextToken(times = 1) {
      state.rejectNext += times;
    },
    /**
     * What Reloadly does later to a top-up (a delivery confirmed after a failure, a refund after a
     * success): the status changes, and the balance pays for or gets back the amount.
     */
    settle(customIdentifier: string, status: Exclude<TopupStatus, 'PROCESSING'>) {
      const t = state.byCustomIdentifier.get(customIdentifier);
      if (!t) throw new Error(`no top-up ${customIdentifier}`);
      t.status = status;
      t.settlesTo = undefined;
      const debited = status === 'SUCCESSFUL' ? t.amount : 0;
      state.balance += t.debited - debited;
      t.debited = debited;
    },
    /**
     * A top-up made on the account outside our platform (or a record of ours we lost): it appears in
     * the report with no attempt of ours behind it.
     */
    addForeign(customIdentifier: string, amount: number, at = new Date()) {
      const operator = operatorById(341);
      const t: Topup = {
        transactionId: ++state.lastTransactionId,
        status: 'SUCCESSFUL',
        statusQueries: 0,
        customIdentifier,
        recipientPhone: '2348031234567',
        operator: operator!,
        amount,
        debited: amount,
        createdAt: at,
      };
      state.balance -= amount;
      state.topups.set(t.transactionId, t);
      state.byCustomIdentifier.set(customIdentifier, t);
      return t;
    },
    /** Expire every token issued so far. */
    expireTokens() {
      for (const token of state.tokens.keys()) state.tokens.set(token, 0);
    },
  };
}
