// A local stand-in for Paystack's API (https://api.paystack.co), written from Paystack's public
// documentation so the Paystack card gateway can be built and tested without the internet. Stateful:
// it keeps the transactions it initialized, serves its own checkout page where a person or a test
// chooses success / failed / abandoned, sends the browser back to callback_url, sends signed
// webhooks, verifies, lists, refunds (partial or full; a fully refunded transaction verifies as
// `reversed`) and disputes (a chargeback logged, then resolved either way).
// Routes live by group in files of their own (transactions.ts, checkout.ts, dedicated.ts: customers,
// dedicated virtual accounts and transfers into them; money.ts: refunds and disputes).
// Two modes for tests and the bench: `dropWebhooks` (a share of webhooks never sent, as when
// Paystack's delivery fails for good: the receiver's reconciliation must find those payments) and
// `requirePhone` (a dedicated account needs the customer's phone, as Paystack's guide asks).
// Pages followed: see README.md beside this file; responses.ts cites a page per answer.
import Fastify, { type FastifyInstance } from 'fastify';
import { checkoutRoutes } from './checkout.ts';
import { type DedicatedState, dedicatedRoutes, newDedicatedState, transferIn } from './dedicated.ts';
import {
  type DisputeResolution,
  type MockDispute,
  moneyRoutes,
  openDispute,
  refundTxn,
  resolveDispute,
} from './money.ts';
import {
  chargeSuccessEvent,
  type MockRefund,
  refundedOf,
  refusal,
  signPaystack,
  type Txn,
} from './responses.ts';
import { transactionRoutes } from './transactions.ts';

/** The key the stand-in accepts unless told another; not a real Paystack key. */
export const MOCK_SECRET_KEY = 'sk_test_paystackmock0000000000000000000000';

export interface PaystackMockOptions {
  secretKey?: string;
  /** Where signed webhooks go (Paystack's dashboard setting); changeable later on app.paystack. */
  webhookUrl?: string;
  /** Delivery attempts per webhook until a 200 (Paystack retries; default 3, 100 ms apart). */
  webhookAttempts?: number;
  /** The clock, for tests. */
  now?: () => Date;
  logger?: boolean;
  /** The share of webhooks never sent (0: none, 1: all); every n-th by a running count, not at random. */
  dropWebhooks?: number;
  /** A dedicated account needs the customer's phone (POST /dedicated_account answers 400 without). */
  requirePhone?: boolean;
}

export interface WebhookDelivery {
  event: string;
  reference: string;
  body: string;
  signature: string;
  /** The receiver's HTTP status per attempt (0: no answer). */
  statuses: number[];
}

export type CheckoutOutcome = 'success' | 'failed' | 'abandoned';

export interface PaystackMockState extends DedicatedState {
  secretKey: string;
  webhookUrl: string | undefined;
  transactions: Map<string, Txn>;
  byAccessCode: Map<string, Txn>;
  /** Every webhook sent, in order. */
  webhooks: WebhookDelivery[];
  /** Webhooks the dropping mode did not send, in order. */
  dropped: Array<{ event: string; reference: string }>;
  /** The share of webhooks not sent (changeable). */
  dropWebhooks: number;
  requirePhone: boolean;
  /** References whose verify answers 500 (Paystack's verify down for them), for tests. */
  failVerify: Set<string>;
  disputes: Map<number, MockDispute>;
  /** Deliveries in flight, so tests and close() can wait for them. */
  inFlight: Set<Promise<void>>;
  now: () => Date;
  nextId: () => number;
  /** What the checkout page's buttons do; tests may call it directly. */
  complete(reference: string, outcome: CheckoutOutcome): Txn | null;
  /** A full refund of a paid transaction: it verifies as reversed, refund.processed is sent. */
  reverse(reference: string): Txn | null;
  /** A refund of `amountKobo` (the rest when absent); a string says why it cannot be made. */
  refund(reference: string, amountKobo?: number): MockRefund | string;
  /** A chargeback logged on a paid transaction (charge.dispute.create); null when not paid. */
  openDispute(reference: string, refundAmountKobo?: number): MockDispute | null;
  resolveDispute(id: number, resolution: DisputeResolution): MockDispute | null;
  /** What the stand-in's books say: paid in, refunded, lost to disputes (kobo), for the bench. */
  books(): { paidInKobo: number; refundedKobo: number; disputesLostKobo: number; payments: number };
  /** Waits for every webhook delivery in flight. */
  settled(): Promise<void>;
  /** Sends a signed event to the webhook URL (with retries), as Paystack does. */
  send(payload: { event: string }, reference: string): void;
  /** A bank transfer into a dedicated account (dedicated.ts): a success transaction, charge.success sent. */
  transferIn(accountNumber: string, amountKobo: number, senderName?: string): Txn | null;
}

export type PaystackMock = FastifyInstance & { paystack: PaystackMockState };

export function buildPaystackMock(opts: PaystackMockOptions = {}): PaystackMock {
  const attempts = Math.max(1, opts.webhookAttempts ?? 3);
  let seq = 4_099_260_000;
  const state: PaystackMockState = {
    secretKey: opts.secretKey ?? MOCK_SECRET_KEY,
    webhookUrl: opts.webhookUrl,
    transactions: new Map(),
    byAccessCode: new Map(),
    webhooks: [],
    dropped: [],
    dropWebhooks: Math.min(1, Math.max(0, opts.dropWebhooks ?? 0)),
    requirePhone: opts.requirePhone ?? false,
    failVerify: new Set(),
    disputes: new Map(),
    inFlight: new Set(),
    now: opts.now ?? (() => new Date()),
    nextId: () => ++seq,
    ...newDedicatedState(),
    send: (payload, reference) => send(payload, reference),
    transferIn: (accountNumber, amountKobo, senderName) =>
      transferIn(state, accountNumber, amountKobo, senderName),
    complete(reference, outcome) {
      const t = state.transactions.get(reference);
      if (!t || t.status === 'success' || t.status === 'reversed' || t.status === 'failed') return null;
      if (outcome === 'success') {
        t.status = 'success';
        t.gatewayResponse = 'Successful';
        t.paidAt = state.now();
        send(chargeSuccessEvent(t), t.reference);
      } else if (outcome === 'failed') {
        t.status = 'failed';
        t.gatewayResponse = 'Declined';
      } else {
        t.status = 'abandoned';
        t.gatewayResponse = 'The transaction was not completed';
      }
      return t;
    },
    reverse(reference) {
      const t = state.transactions.get(reference);
      if (t?.status !== 'success') return null;
      return typeof refundTxn(state, t) === 'string' ? null : t;
    },
    refund(reference, amountKobo) {
      const t = state.transactions.get(reference);
      return t ? refundTxn(state, t, amountKobo) : 'Transaction not found';
    },
    openDispute: (reference, amount) => openDispute(state, reference, amount),
    resolveDispute: (id, resolution) => resolveDispute(state, id, resolution),
    books() {
      let paidInKobo = 0;
      let refundedKobo = 0;
      let disputesLostKobo = 0;
      let payments = 0;
      for (const t of state.transactions.values()) {
        if (!t.paidAt) continue;
        payments++;
        paidInKobo += t.amount;
        refundedKobo += refundedOf(t);
      }
      for (const d of state.disputes.values())
        if (d.resolution === 'merchant-accepted') disputesLostKobo += d.refundAmount;
      return { paidInKobo, refundedKobo, disputesLostKobo, payments };
    },
    async settled() {
      while (state.inFlight.size) await Promise.allSettled([...state.inFlight]);
    },
  };

  let sent = 0;
  function send(payload: { event: string }, reference: string) {
    const url = state.webhookUrl;
    if (!url) return;
    // Dropping mode: every n-th webhook is never sent (a running count, so a run is repeatable).
    sent++;
    if (Math.floor(sent * state.dropWebhooks) > Math.floor((sent - 1) * state.dropWebhooks)) {
      state.dropped.push({ event: payload.event, reference });
      return;
    }
    const body = JSON.stringify(payload);
    const delivery: WebhookDelivery = {
      event: payload.event,
      reference,
      body,
      signature: signPaystack(state.secretKey, body),
      statuses: [],
    };
    state.webhooks.push(delivery);
    const p = (async () => {
      for (let i = 0; i < attempts; i++) {
        try {
          const res = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-paystack-signature': delivery.signature },
            body,
            signal: AbortSignal.timeout(10_000),
          });
          delivery.statuses.push(res.status);
          await res.arrayBuffer();
          if (res.ok) return;
        } catch {
          delivery.statuses.push(0);
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    })().finally(() => state.inFlight.delete(p));
    state.inFlight.add(p);
  }

  const app = Fastify({
    logger: opts.logger ?? false,
    forceCloseConnections: true,
  }) as unknown as PaystackMock;
  app.decorate('paystack', state);
  app.addHook('onClose', async () => {
    await state.settled();
  });

  // https://paystack.com/docs/api/#authentication : every API call carries the secret key as a Bearer
  // token; the checkout pages are the payer's, not the merchant's, and need none.
  app.addHook('onRequest', async (req, reply) => {
    // The checkout pages are the payer's; /_mock/ is the stand-in's own control (a "bank transfer").
    if (req.url.startsWith('/checkout/') || req.url.startsWith('/_mock/')) return;
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer '))
      return reply.code(401).send(refusal('Format is Authorization: Bearer [secret key]'));
    if (auth.slice(7) !== state.secretKey) return reply.code(401).send(refusal('Invalid key'));
  });

  app.register(transactionRoutes, { state });
  app.register(checkoutRoutes, { state });
  app.register(dedicatedRoutes, { state });
  app.register(moneyRoutes, { state });
  return app;
}

/** Builds the stand-in and listens on 127.0.0.1 (port 0: any free port); returns it and its base URL. */
export async function startPaystackMock(opts: PaystackMockOptions & { port?: number } = {}) {
  const app = buildPaystackMock(opts);
  await app.listen({ host: '127.0.0.1', port: opts.port ?? 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  return { app, baseUrl: `http://127.0.0.1:${port}` };
}
