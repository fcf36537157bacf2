// A local stand-in for VTpass's sandbox (https://sandbox.vtpass.com/api), written from VTpass's public
// documentation so the VTpass adapter can be built and tested without the internet. Stateful like the
// sandbox: it remembers request ids, keeps a wallet balance, and settles pending vends on requery.
// Pages followed: see README.md beside this file; each answer builder in responses.ts cites its page.
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import {
  BILL_NUMBERS,
  billScenarioFor,
  billVerifies,
  DEFAULT_VARIATIONS,
  PRODUCTS,
  SANDBOX_NUMBERS,
  scenarioFor,
  type Variation,
} from './catalogue.ts';
import {
  balanceAnswer,
  type CodedAnswer,
  coded,
  parseLagosStamp,
  type Txn,
  transactionAnswer,
  transactionUpdateCallback,
  variationsAnswer,
} from './responses.ts';

/** The keys the stand-in accepts unless told others; not real VTpass keys. */
export const SANDBOX_KEYS = {
  apiKey: 'vtpass-mock-api-key',
  publicKey: 'PK_vtpass_mock_public_key',
  secretKey: 'SK_vtpass_mock_secret_key',
} as const;

export { BILL_NUMBERS, SANDBOX_NUMBERS };

export interface VtpassMockOptions {
  apiKey?: string;
  publicKey?: string;
  secretKey?: string;
  /** Opening wallet balance in naira (default 100,000). */
  balance?: number;
  /** The requery on which a pending vend turns delivered: 1 (default) means the first requery. */
  pendingRequeries?: number;
  /** Where to POST the transaction-update callback when a pending vend settles. */
  callbackUrl?: string;
  /** How long the timeout number (300000000000) waits before answering (default 120 s). */
  timeoutDelayMs?: number;
  /**
   * How far (minutes) a request_id's date-time may be from now. The documentation asks for "today's date +
   * current hour and minute" but states no tolerance; a request built at 10:59:59 arrives at 11:00, so some
   * slack is needed. Default 5.
   */
  requestIdToleranceMinutes?: number;
  /** Commission as a share of the amount (default 0: total_amount = amount). The docs give no rate. */
  commissionRate?: number;
  /** Data plans per serviceID, replacing the defaults of catalogue.ts for the serviceIDs given. */
  variations?: Record<string, Variation[]>;
  /**
   * VendPort's addition (the storm bench): every number outside the sandbox table is delivered, as
   * VTpass's live service delivers a valid recipient, instead of the sandbox's "any other: failed".
   */
  deliverAny?: boolean;
  /** The clock, for tests. */
  now?: () => Date;
  logger?: boolean;
}

/**
 * VendPort's addition, not VTpass's (the storm bench, bench/storm.mjs, and the breaker's tests): a way
 * to make the whole stand-in misbehave as a real aggregator does for an hour. HTTP_500: every call
 * answers an HTML 500; NO_ANSWER: every call is held without an answer; BAD_KEYS: every call is refused
 * 087 as if our keys had been rotated. Set with `app.vtpass.fault` or POST /__mock/fault {"fault": ...}
 * (null: healthy).
 */
export const VTPASS_MOCK_FAULTS = ['HTTP_500', 'NO_ANSWER', 'BAD_KEYS'] as const;
export type VtpassMockFault = (typeof VTPASS_MOCK_FAULTS)[number];

export interface VtpassMockState {
  fault: VtpassMockFault | null;
  balance: number;
  transactions: Map<string, Txn>;
  /** Callback deliveries in flight, so tests and close() can wait for them. */
  callbacks: Set<Promise<void>>;
}

const DEFAULT_TIMEOUT_DELAY_MS = 120_000;
// https://www.vtpass.com/documentation/callback-api-integration/: VTpass retries a callback until it gets
// {"response":"success"}, 5 times before giving up.
const CALLBACK_ATTEMPTS = 5;

type Body = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export function buildVtpassMock(opts: VtpassMockOptions = {}): FastifyInstance & { vtpass: VtpassMockState } {
  const keys = {
    apiKey: opts.apiKey ?? SANDBOX_KEYS.apiKey,
    publicKey: opts.publicKey ?? SANDBOX_KEYS.publicKey,
    secretKey: opts.secretKey ?? SANDBOX_KEYS.secretKey,
  };
  const now = opts.now ?? (() => new Date());
  const pendingRequeries = Math.max(1, opts.pendingRequeries ?? 1);
  const tolerance = (opts.requestIdToleranceMinutes ?? 5) * 60_000;
  const commissionRate = opts.commissionRate ?? 0;
  const variations = { ...DEFAULT_VARIATIONS, ...opts.variations };
  const state: VtpassMockState = {
    fault: null,
    balance: opts.balance ?? 100_000,
    transactions: new Map(),
    callbacks: new Set(),
  };
  // Requests the no-response and timeout numbers hold open, ended when the server closes.
  const held = new Set<FastifyRequest>();
  const timers = new Set<NodeJS.Timeout>();
  let txnSeq = 0;

  // forceCloseConnections: close() must not wait on the connections the no-response number hangs.
  const app = Fastify({ logger: opts.logger ?? false, forceCloseConnections: true });
  // VTpass examples post JSON, but PHP-style clients post forms; accept both.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  // https://www.vtpass.com/documentation/authentication/: GET carries api-key + public-key, POST carries
  // api-key + secret-key. The docs give no HTTP status for a refusal; like every coded answer here it is 200.
  app.addHook('onRequest', async (req, reply) => {
    if (req.url.startsWith('/__mock/')) return;
    if (state.fault === 'HTTP_500')
      return reply.status(500).type('text/html').send('<html><body>500 Internal Server Error</body></html>');
    if (state.fault === 'NO_ANSWER') {
      held.add(req);
      req.raw.on('close', () => held.delete(req));
      reply.hijack();
      return;
    }
    if (state.fault === 'BAD_KEYS') return reply.send(coded('087'));
    const h = req.headers;
    const ok =
      h['api-key'] === keys.apiKey &&
      (req.method === 'GET' ? h['public-key'] === keys.publicKey : h['secret-key'] === keys.secretKey);
    if (!ok) return reply.send(coded('087'));
  });

  app.post('/__mock/fault', async (req, reply) => {
    const fault = (req.body as { fault?: unknown } | null)?.fault ?? null;
    if (fault !== null && !VTPASS_MOCK_FAULTS.includes(fault as VtpassMockFault))
      return reply
        .status(400)
        .send({ error: `fault must be null or one of ${VTPASS_MOCK_FAULTS.join(', ')}` });
    state.fault = fault as VtpassMockFault | null;
    return { fault: state.fault };
  });

  app.addHook('onClose', async () => {
    for (const t of timers) clearTimeout(t);
    for (const req of held) req.raw.socket?.destroy();
    await Promise.allSettled([...state.callbacks]);
  });

  const answer = (reply: FastifyReply, code: CodedAnswer) => reply.send(coded(code));

  /** The documented rule of https://www.vtpass.com/documentation/buying-services/ (Request ID Format). */
  function requestIdProper(id: string): boolean {
    if (id.length < 12) return false;
    const at = parseLagosStamp(id.slice(0, 12));
    return at !== null && Math.abs(at.getTime() - now().getTime()) <= tolerance;
  }

  function settle(t: Txn) {
    t.status = 'delivered';
    state.balance -= t.totalAmount;
    if (opts.callbackUrl) {
      const p = sendCallback(opts.callbackUrl, transactionUpdateCallback(t)).finally(() =>
        state.callbacks.delete(p),
      );
      state.callbacks.add(p);
    }
  }

  async function sendCallback(url: string, body: unknown) {
    for (let attempt = 1; attempt <= CALLBACK_ATTEMPTS; attempt++) {
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const reply = (await res.json().catch(() => null)) as { response?: unknown } | null;
        if (reply?.response === 'success') return;
      } catch {
        // Unreachable receiver: try again, as VTpass does.
      }
    }
  }

  app.post('/api/pay', async (req, reply) => {
    const b = (req.body ?? {}) as Body;
    const requestId = str(b.request_id);
    const serviceID = str(b.serviceID);
    const phone = str(b.phone);
    if (!requestId || !serviceID || !phone) return answer(reply, '011');
    if (!requestIdProper(requestId)) return answer(reply, '085');
    if (state.transactions.has(requestId)) return answer(reply, '014');
    const product = PRODUCTS[serviceID];
    if (!product) return answer(reply, '012');

    if (product.kind === 'electricity' || product.kind === 'tv') return payBill(reply, b, product);
    let amount: number;
    let recipient: string;
    let variationCode: string | undefined;
    if (product.kind === 'data') {
      // https://www.vtpass.com/documentation/mtn-data/: billersCode is the number to subscribe, and the plan's
      // price (variation_amount), not the amount field, is what is charged.
      variationCode = str(b.variation_code);
      recipient = str(b.billersCode);
      if (!variationCode || !recipient) return answer(reply, '011');
      const plan = (variations[serviceID] ?? []).find((v) => v.variation_code === variationCode);
      if (!plan) return answer(reply, '010');
      amount = Number(plan.variation_amount);
    } else {
      amount = Number(str(b.amount));
      recipient = phone;
      if (!Number.isFinite(amount) || amount <= 0) return answer(reply, '011');
    }
    const commission = Math.round(amount * commissionRate * 100) / 100;
    const totalAmount = Math.round((amount - commission) * 100) / 100;
    if (totalAmount > state.balance) return answer(reply, '018');

    const found = scenarioFor(recipient);
    const scenario = found === 'failed' && opts.deliverAny ? 'delivered' : found;
    const t: Txn = {
      requestId,
      product,
      variationCode,
      amount,
      commission,
      totalAmount,
      phone,
      recipient,
      email: str(b.email) || undefined,
      // Only the delivered number delivers at once; every number whose answer is pending, odd or missing
      // leaves a pending transaction that a requery settles, which is what those numbers exist to test.
      status: scenario === 'failed' ? 'failed' : scenario === 'delivered' ? 'delivered' : 'pending',
      transactionId: `${now().getTime()}${String(++txnSeq).padStart(4, '0')}`,
      createdAt: now(),
      requeries: 0,
    };
    state.transactions.set(requestId, t);
    if (t.status === 'delivered') state.balance -= t.totalAmount;

    switch (scenario) {
      case 'unexpected':
        // "Simulates an unexpected response": a body outside VTpass's JSON contract, as a proxy error page
        // would be; the docs do not show the sandbox's own body.
        return reply
          .type('text/html')
          .send('<html><body><h1>Unexpected response</h1><p>VTpass mock</p></body></html>');
      case 'noResponse':
        // "The API returns no response": hold the connection open until the client gives up.
        held.add(req);
        req.raw.on('close', () => held.delete(req));
        reply.hijack();
        return;
      case 'timeout':
        held.add(req);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, opts.timeoutDelayMs ?? DEFAULT_TIMEOUT_DELAY_MS);
          timers.add(timer);
        });
        held.delete(req);
        return reply.send(transactionAnswer(t));
      default:
        return reply.send(transactionAnswer(t));
    }
  });

  /**
   * Bills: POST /api/pay with billersCode (the meter, smartcard or, for Showmax, the phone). Electricity:
   * variation_code prepaid|postpaid and the amount bought. TV: subscription_type change (variation_code,
   * charged its variation_amount) or renew (the amount verification gave). Pages: each DisCo's and TV
   * service's integration page (catalogue.ts).
   */
  async function payBill(reply: FastifyReply, b: Body, product: (typeof PRODUCTS)[string]) {
    const requestId = str(b.request_id);
    const billersCode = str(b.billersCode);
    const variationCode = str(b.variation_code);
    if (!billersCode) return answer(reply, '011');
    let amount: number;
    let subscriptionType: string | undefined;
    if (product.kind === 'electricity') {
      if (variationCode !== 'prepaid' && variationCode !== 'postpaid') return answer(reply, '011');
      amount = Number(str(b.amount));
    } else {
      subscriptionType = product.serviceID === 'showmax' ? 'change' : str(b.subscription_type) || 'change';
      if (subscriptionType === 'renew') amount = Number(str(b.amount));
      else {
        const v = (variations[product.serviceID] ?? []).find((x) => x.variation_code === variationCode);
        if (!v) return answer(reply, '010');
        amount = Number(v.variation_amount);
      }
    }
    if (!Number.isFinite(amount) || amount <= 0) return answer(reply, '011');
    const commission = Math.round(amount * commissionRate * 100) / 100;
    const totalAmount = Math.round((amount - commission) * 100) / 100;
    if (totalAmount > state.balance) return answer(reply, '018');
    const scenario = billScenarioFor(billersCode, product.serviceID);
    const t: Txn = {
      requestId,
      product,
      variationCode: variationCode || undefined,
      amount,
      commission,
      totalAmount,
      phone: str(b.phone),
      recipient: billersCode,
      email: str(b.email) || undefined,
      status:
        scenario === 'failed'
          ? 'failed'
          : scenario === 'delivered' || scenario === 'tokenOnRequery'
            ? 'delivered'
            : 'pending',
      transactionId: `${now().getTime()}${String(++txnSeq).padStart(4, '0')}`,
      createdAt: now(),
      requeries: 0,
      meterType: product.kind === 'electricity' ? variationCode : undefined,
      subscriptionType,
      tokenOnRequery: scenario === 'tokenOnRequery',
    };
    state.transactions.set(requestId, t);
    if (t.status === 'delivered') state.balance -= t.totalAmount;
    if (scenario === 'unexpected')
      return reply
        .type('text/html')
        .send('<html><body><h1>Unexpected response</h1><p>VTpass mock</p></body></html>');
    return reply.send(transactionAnswer(t));
  }

  /**
   * POST /api/merchant-verify {billersCode, serviceID, type}: the customer of a meter (type prepaid or
   * postpaid) or of a smartcard. A number the sandbox does not know is answered 000 with content.error,
   * as public VTpass clients see it (WrongBillersCode); the pages only say such a number "fails".
   *   https://www.vtpass.com/documentation/ikedc-ikeja-electricity-distribution-company-payment-api/
   *   https://www.vtpass.com/documentation/dstv-subscription-api/ (name, current bouquet, due date, renewal amount)
   */
  app.post('/api/merchant-verify', async (req, reply) => {
    const b = (req.body ?? {}) as Body;
    const serviceID = str(b.serviceID);
    const billersCode = str(b.billersCode);
    const type = str(b.type).toLowerCase();
    if (!serviceID || !billersCode) return answer(reply, '011');
    const product = PRODUCTS[serviceID];
    if (!product || (product.kind !== 'electricity' && product.kind !== 'tv') || serviceID === 'showmax')
      return answer(reply, '012');
    if (product.kind === 'electricity' && type !== 'prepaid' && type !== 'postpaid')
      return answer(reply, '011');
    if (!billVerifies(product.kind, billersCode, type))
      return reply.send({
        code: '000',
        content: {
          error: `This ${product.kind === 'tv' ? 'smartcard' : 'meter'} number is not correct or is not a valid ${product.serviceName} ${product.kind === 'tv' ? 'smartcard' : `${type} meter`}. Please check and try again`,
          WrongBillersCode: true,
        },
      });
    if (product.kind === 'electricity')
      return reply.send({
        code: '000',
        content: {
          Customer_Name: 'TESTMETER1 ONE',
          Address: '12 Sandbox Street, Ikeja, Lagos',
          Meter_Number: billersCode,
          Customer_Arrears: '',
          Minimum_Amount: '500',
          Min_Purchase_Amount: '500',
          Meter_Type: type.toUpperCase(),
          WrongBillersCode: false,
        },
      });
    const list = variations[serviceID] ?? [];
    const current = list[Math.min(1, list.length - 1)];
    return reply.send({
      code: '000',
      content: {
        Customer_Name: 'SANDBOX VIEWER',
        Status: 'ACTIVE',
        Due_Date: '2026-12-31T00:00:00',
        Customer_Number: billersCode,
        Customer_Type: serviceID.toUpperCase(),
        Current_Bouquet: current?.name ?? null,
        Current_Bouquet_Code: current?.variation_code ?? null,
        Renewal_Amount: current?.variation_amount ?? null,
        WrongBillersCode: false,
      },
    });
  });

  app.post('/api/requery', async (req, reply) => {
    const requestId = str(((req.body ?? {}) as Body).request_id);
    if (!requestId) return answer(reply, '011');
    const t = state.transactions.get(requestId);
    if (!t) return answer(reply, '015');
    if (t.status === 'pending') {
      t.requeries += 1;
      if (t.requeries >= pendingRequeries) {
        if (t.totalAmount <= state.balance) settle(t);
        // Docs say nothing of a pending vend outgrowing the wallet; failing it keeps the balance honest.
        else t.status = 'failed';
      }
    }
    return reply.send(transactionAnswer(t, true));
  });

  app.get('/api/service-variations', async (req, reply) => {
    const serviceID = str((req.query as Body).serviceID);
    const product = PRODUCTS[serviceID];
    if (product?.kind !== 'data' && product?.kind !== 'tv') return answer(reply, '012');
    return reply.send(variationsAnswer(product, variations[serviceID] ?? []));
  });

  app.get('/api/balance', async (_req, reply) => reply.send(balanceAnswer(state.balance)));

  return Object.assign(app, { vtpass: state });
}

/** Builds the stand-in and listens on 127.0.0.1; returns it with its base URL (…/api). */
export async function startVtpassMock(opts: VtpassMockOptions & { port?: number } = {}) {
  const app = buildVtpassMock(opts);
  await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  const baseUrl = `http://127.0.0.1:${port}/api`;
  /** What a VendPort server needs to talk to this stand-in (its keys: the sandbox ones unless given). */
  const env = {
    VTPASS_BASE_URL: baseUrl,
    VTPASS_API_KEY: opts.apiKey ?? SANDBOX_KEYS.apiKey,
    VTPASS_SECRET_KEY: opts.secretKey ?? SANDBOX_KEYS.secretKey,
    VTPASS_PUBLIC_KEY: opts.publicKey ?? SANDBOX_KEYS.publicKey,
  };
  return { app, baseUrl, env };
}
