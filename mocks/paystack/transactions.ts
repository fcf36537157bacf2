// The stand-in's transaction API, as https://paystack.com/docs/api/transaction/ and
// https://paystack.com/docs/api/refund/ document it:
//   POST /transaction/initialize   { email, amount (kobo, string or number), reference?, callback_url?, currency?, metadata? }
//   GET  /transaction/verify/:reference
//   GET  /transaction?perPage&page&status&from&to&customer (the customer's id)
// (refunds and disputes: money.ts)
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { envelope, refusal, type Txn, transactionView } from './responses.ts';
import type { PaystackMockState } from './server.ts';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');

export async function transactionRoutes(app: FastifyInstance, { state }: { state: PaystackMockState }) {
  app.post('/transaction/initialize', async (req, reply) => {
    const b = obj(req.body);
    const email = str(b.email);
    const amountText = str(b.amount);
    if (!/^[^@\s]+@[^@\s]+$/.test(email))
      return reply.code(400).send(refusal('Invalid Email Address Passed'));
    if (!/^\d+$/.test(amountText) || Number(amountText) < 100)
      return reply.code(400).send(refusal('Invalid Amount Sent'));
    const reference = str(b.reference) || randomBytes(5).toString('hex');
    if (!/^[A-Za-z0-9.=-]+$/.test(reference))
      return reply
        .code(400)
        .send(refusal('Invalid reference. Only -,., = and alphanumeric characters allowed'));
    if (state.transactions.has(reference))
      return reply.code(400).send(refusal('Duplicate Transaction Reference'));
    const currency = str(b.currency) || 'NGN';
    const accessCode = randomBytes(8).toString('hex');
    const id = state.nextId();
    const t: Txn = {
      id,
      reference,
      accessCode,
      amount: Number(amountText),
      currency,
      email,
      callbackUrl: str(b.callback_url) || null,
      metadata: b.metadata ?? null,
      // A transaction nobody has tried to pay yet verifies as abandoned.
      status: 'abandoned',
      gatewayResponse: null,
      createdAt: state.now(),
      paidAt: null,
      customerId: 200_000 + (id % 100_000),
      customerCode: `CUS_${randomBytes(7).toString('hex')}`,
      refunds: [],
    };
    state.transactions.set(reference, t);
    state.byAccessCode.set(accessCode, t);
    const origin = `${req.protocol}://${req.headers.host}`;
    return envelope('Authorization URL created', {
      authorization_url: `${origin}/checkout/${accessCode}`,
      access_code: accessCode,
      reference,
    });
  });

  app.get<{ Params: { reference: string } }>('/transaction/verify/:reference', async (req, reply) => {
    if (state.failVerify.has(req.params.reference))
      return reply.code(500).send(refusal('An error occurred. Please try again later.'));
    const t = state.transactions.get(req.params.reference);
    if (!t)
      return reply.code(400).send(
        refusal('Transaction reference not found', {
          meta: {
            nextStep:
              "Ensure that you're passing the reference of a transaction that exists on this integration",
          },
          type: 'validation_error',
          code: 'transaction_not_found',
        }),
      );
    return envelope('Verification successful', transactionView(t));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/transaction', async (req) => {
    const q = req.query;
    const perPage = Math.min(Math.max(Number(q.perPage) || 50, 1), 1000);
    const page = Math.max(Number(q.page) || 1, 1);
    const from = q.from ? new Date(q.from) : null;
    const to = q.to ? new Date(q.to) : null;
    const all = [...state.transactions.values()]
      .filter((t) => !q.status || t.status === q.status)
      .filter((t) => !q.customer || String(t.customerId) === q.customer)
      .filter((t) => !from || Number.isNaN(from.getTime()) || t.createdAt >= from)
      .filter((t) => !to || Number.isNaN(to.getTime()) || t.createdAt <= to)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    const rows = all.slice((page - 1) * perPage, page * perPage);
    return envelope('Transactions retrieved', rows.map(transactionView), {
      meta: {
        total: all.length,
        total_volume: all.reduce((s, t) => s + t.amount, 0),
        skipped: (page - 1) * perPage,
        perPage,
        page,
        pageCount: Math.max(1, Math.ceil(all.length / perPage)),
      },
    });
  });
}
