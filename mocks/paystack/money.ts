// The stand-in's refunds and disputes, as Paystack documents them:
//   POST /refund { transaction (reference or id), amount? }   https://paystack.com/docs/api/refund/#create
//     full unless an amount is given; refunds of one transaction add up to at most its amount
//     (https://paystack.com/docs/payments/refunds/); the transaction verifies `reversed` once fully
//     refunded (a partial refund leaves it `success`: the documentation does not say otherwise).
//     Processed at once here; refund.processed is sent with this refund's amount.
//   GET /refund?transaction=<id>&perPage&page                 https://paystack.com/docs/api/refund/#list
//   GET /dispute?transaction=<id>&perPage&page                https://paystack.com/docs/api/dispute/#list
//   Disputes (https://paystack.com/docs/payments/manage-disputes/): opened by the stand-in's control
//     (POST /_mock/dispute, or openDispute()) as a chargeback logged: status awaiting-merchant-feedback,
//     due_at 16 hours later (the page: disputes "should be handled within 16 hours"), the transaction
//     verifies `reversed` (https://paystack.com/docs/payments/verify-payments/: "reversed" is
//     refunded or a chargeback logged), charge.dispute.create is sent; resolved (POST
//     /_mock/dispute/:id/resolve, or resolveDispute()) as merchant-accepted (lost: the customer keeps
//     the money) or declined (won: the transaction verifies `success` again), charge.dispute.resolve
//     is sent (https://paystack.com/docs/payments/webhooks/#types-of-events).
import type { FastifyInstance } from 'fastify';
import {
  envelope,
  type MockRefund,
  refundedOf,
  refundProcessedEvent,
  refundView,
  refusal,
  type Txn,
  transactionView,
} from './responses.ts';
import type { PaystackMockState } from './server.ts';

export type DisputeResolution = 'merchant-accepted' | 'declined';

export interface MockDispute {
  id: number;
  reference: string;
  transactionId: number;
  status: 'awaiting-merchant-feedback' | 'awaiting-bank-feedback' | 'pending' | 'resolved';
  resolution: DisputeResolution | null;
  refundAmount: number;
  dueAt: Date;
  createdAt: Date;
  resolvedAt: Date | null;
}

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function disputeView(d: MockDispute, t: Txn) {
  return {
    id: d.id,
    refund_amount: d.refundAmount,
    currency: t.currency,
    status: d.status,
    resolution: d.resolution,
    domain: 'test',
    transaction: transactionView(t),
    transaction_reference: null,
    category: 'chargeback',
    customer: { email: t.email, customer_code: t.customerCode },
    bin: '408408',
    last4: '4081',
    dueAt: iso(d.dueAt),
    due_at: iso(d.dueAt),
    resolvedAt: iso(d.resolvedAt),
    evidence: null,
    attachments: null,
    note: null,
    history: [{ status: d.status, by: 'mock@paystack.local', createdAt: iso(d.createdAt) }],
    messages: [],
    createdAt: iso(d.createdAt),
    updatedAt: iso(d.resolvedAt ?? d.createdAt),
  };
}

/** A refund of `amount` kobo (the rest when absent): null and a reason when it cannot be made. */
export function refundTxn(state: PaystackMockState, t: Txn, amount?: number): MockRefund | string {
  if (t.status !== 'success' && !(t.status === 'reversed' && refundedOf(t) < t.amount))
    return t.status === 'reversed'
      ? 'Transaction has been fully reversed'
      : 'Cannot refund a transaction that was not successful';
  const left = t.amount - refundedOf(t);
  const want = amount ?? left;
  if (!Number.isInteger(want) || want < 1 || want > left)
    return 'Refund amount cannot be more than the transaction amount left to refund';
  const r: MockRefund = { id: state.nextId(), amount: want, status: 'processed', createdAt: state.now() };
  t.refunds.push(r);
  if (refundedOf(t) >= t.amount) t.status = 'reversed';
  state.send(refundProcessedEvent(t, r), t.reference);
  return r;
}

export function openDispute(state: PaystackMockState, reference: string, refundAmount?: number) {
  const t = state.transactions.get(reference);
  if (t?.status !== 'success') return null;
  const now = state.now();
  const d: MockDispute = {
    id: state.nextId(),
    reference,
    transactionId: t.id,
    status: 'awaiting-merchant-feedback',
    resolution: null,
    refundAmount: refundAmount ?? t.amount,
    dueAt: new Date(now.getTime() + 16 * 3_600_000),
    createdAt: now,
    resolvedAt: null,
  };
  state.disputes.set(d.id, d);
  t.status = 'reversed';
  state.send({ event: 'charge.dispute.create', data: disputeView(d, t) } as { event: string }, reference);
  return d;
}

export function resolveDispute(state: PaystackMockState, id: number, resolution: DisputeResolution) {
  const d = state.disputes.get(id);
  if (!d) return null;
  const t = state.transactions.get(d.reference)!;
  d.status = 'resolved';
  d.resolution = resolution;
  d.resolvedAt = state.now();
  // Won: the money held for the chargeback comes back to the merchant; the payment stands.
  if (resolution === 'declined' && refundedOf(t) < t.amount) t.status = 'success';
  if (resolution === 'merchant-accepted') t.status = 'reversed';
  state.send({ event: 'charge.dispute.resolve', data: disputeView(d, t) } as { event: string }, d.reference);
  return d;
}

function paged<T>(rows: T[], q: Record<string, string | undefined>) {
  const perPage = Math.min(Math.max(Number(q.perPage) || 50, 1), 1000);
  const page = Math.max(Number(q.page) || 1, 1);
  return {
    rows: rows.slice((page - 1) * perPage, page * perPage),
    meta: {
      total: rows.length,
      skipped: (page - 1) * perPage,
      perPage,
      page,
      pageCount: Math.max(1, Math.ceil(rows.length / perPage)),
    },
  };
}

/** from/to (ISO dates) as Paystack's list endpoints take them; an unreadable bound is ignored. */
function window(q: Record<string, string | undefined>) {
  const from = q.from ? new Date(q.from) : null;
  const to = q.to ? new Date(q.to) : null;
  return (d: Date) =>
    (!from || Number.isNaN(from.getTime()) || d >= from) && (!to || Number.isNaN(to.getTime()) || d <= to);
}

const byKey = (state: PaystackMockState, key: string) =>
  state.transactions.get(key) ?? [...state.transactions.values()].find((x) => String(x.id) === key);

export async function moneyRoutes(app: FastifyInstance, { state }: { state: PaystackMockState }) {
  app.post('/refund', async (req, reply) => {
    const b = obj(req.body);
    const t = byKey(state, str(b.transaction));
    if (!t) return reply.code(404).send(refusal('Transaction not found'));
    const amountText = str(b.amount);
    if (amountText && !/^\d+$/.test(amountText)) return reply.code(400).send(refusal('Invalid amount'));
    const r = refundTxn(state, t, amountText ? Number(amountText) : undefined);
    if (typeof r === 'string') return reply.code(400).send(refusal(r));
    return envelope('Refund has been queued for processing', refundView(t, r));
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/refund', async (req) => {
    const t = req.query.transaction ? byKey(state, req.query.transaction) : undefined;
    const inWindow = window(req.query);
    const all = (t ? [t] : [...state.transactions.values()]).flatMap((x) =>
      x.refunds.filter((r) => inWindow(r.createdAt)).map((r) => ({ ...refundView(x, r), transaction: x.id })),
    );
    const { rows, meta } = paged(all, req.query);
    return envelope('Refunds retrieved', rows, { meta });
  });

  app.get<{ Querystring: Record<string, string | undefined> }>('/dispute', async (req) => {
    const t = req.query.transaction ? byKey(state, req.query.transaction) : undefined;
    const all = [...state.disputes.values()]
      .filter((d) => !t || d.transactionId === t.id)
      .filter((d) => !req.query.status || d.status === req.query.status)
      .filter((d) => window(req.query)(d.createdAt))
      .map((d) => disputeView(d, state.transactions.get(d.reference)!));
    const { rows, meta } = paged(all, req.query);
    return envelope('Disputes retrieved', rows, { meta });
  });

  // https://paystack.com/docs/api/transaction/#fetch : one transaction by Paystack's id.
  app.get<{ Params: { id: string } }>('/transaction/:id', async (req, reply) => {
    const t = /^\d+$/.test(req.params.id) ? byKey(state, req.params.id) : undefined;
    if (!t) return reply.code(404).send(refusal('Transaction not found'));
    return envelope('Transaction retrieved', transactionView(t));
  });

  // The stand-in's own controls (no key): a cardholder's chargeback, and its resolution.
  app.post('/_mock/dispute', async (req, reply) => {
    const b = obj(req.body);
    const amount = str(b.refund_amount);
    const d = openDispute(state, str(b.transaction), amount ? Number(amount) : undefined);
    if (!d) return reply.code(400).send(refusal('Only a successful transaction can be disputed'));
    return envelope('Dispute logged', { id: d.id, due_at: iso(d.dueAt) });
  });
  app.post<{ Params: { id: string } }>('/_mock/dispute/:id/resolve', async (req, reply) => {
    const resolution = str(obj(req.body).resolution);
    if (resolution !== 'merchant-accepted' && resolution !== 'declined')
      return reply.code(400).send(refusal('resolution must be merchant-accepted or declined'));
    const d = resolveDispute(state, Number(req.params.id), resolution);
    if (!d) return reply.code(404).send(refusal('Dispute not found'));
    return envelope('Dispute resolved', { id: d.id, resolution });
  });
}
