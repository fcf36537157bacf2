// What Paystack did with a paid transaction afterwards: its refunds and its disputes, and the
// transactions of a window for the reconciliation sweep. Over the same `exchange` as client.ts.
//
// Pages followed (fixtures/money/ holds one answer per shape, each naming its page):
//   https://paystack.com/docs/payments/refunds/      a refund is full or partial ("pass an amount
//     parameter with the amount to refund"; it "must not be more than the original transaction
//     amount"); refund.pending / refund.processed / refund.failed webhooks follow it
//   https://paystack.com/docs/api/refund/            POST /refund { transaction, amount? };
//     GET /refund?transaction=<id>&perPage&page: each refund's id, amount (subunit), currency, status
//   https://paystack.com/docs/payments/manage-disputes/  and https://paystack.com/docs/api/dispute/
//     GET /dispute?transaction=<id>: each dispute's id, status (awaiting-merchant-feedback,
//     awaiting-bank-feedback, pending, resolved), resolution (merchant-accepted: the merchant
//     accepted the chargeback and the customer is refunded; declined: the merchant won),
//     refund_amount (subunit), due_at (the deadline for the merchant's evidence)
//   https://paystack.com/docs/payments/webhooks/     charge.dispute.create / .remind / .resolve carry
//     the dispute with data.transaction
//   https://paystack.com/docs/api/transaction/#list  GET /transaction?perPage&page&from&to&status&customer
// Nothing here throws for what the network does: a PaystackResult says ok or why not.
import { z } from 'zod';
import {
  listMeta,
  type PaystackExchange,
  type PaystackListQuery,
  type PaystackResult,
  readData,
  transactionData,
} from './client';

/** One refund as GET /refund lists it (the fields VendPort reads). */
export const refundData = z.looseObject({
  id: z.number(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  transaction: z.union([z.number(), z.looseObject({ id: z.number() })]).optional(),
  createdAt: z.string().nullable().optional(),
});
export type PaystackRefund = z.infer<typeof refundData>;

/** One dispute as GET /dispute lists it and charge.dispute.* carries it. */
export const disputeData = z.looseObject({
  id: z.number(),
  status: z.string(),
  resolution: z.string().nullable().optional(),
  refund_amount: z.number().int().nullable().optional(),
  currency: z.string().nullable().optional(),
  due_at: z.string().nullable().optional(),
  resolvedAt: z.string().nullable().optional(),
  createdAt: z.string().nullable().optional(),
});
export type PaystackDispute = z.infer<typeof disputeData>;

/** A refund that has moved money: Paystack's "processed". pending, processing, failed have not. */
export const refundMovedMoney = (r: PaystackRefund) => r.status === 'processed';

/** A listed transaction with the fields the sweep reads beyond client.ts's. */
export const listedTransaction = transactionData.extend({
  customer: z
    .looseObject({
      email: z.string().nullable().optional(),
      customer_code: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
});
export type ListedTransaction = z.infer<typeof listedTransaction>;

type ListPage<T> = PaystackResult<{ rows: T[]; pageCount: number }>;

function pageOf<T>(answer: Awaited<ReturnType<PaystackExchange>>, schema: z.ZodType<T>): ListPage<T> {
  const data = readData(answer, z.array(schema));
  if (!data.ok) return data;
  const meta = listMeta.partial().safeParse((answer as { body: { meta?: unknown } }).body.meta ?? {});
  return { ok: true, data: { rows: data.data, pageCount: meta.success ? (meta.data.pageCount ?? 1) : 1 } };
}

/** Every page of a list, until pageCount (a failed page fails the whole list: nothing half-read). */
async function allPages<T>(fetchPage: (page: number) => Promise<ListPage<T>>, maxPages = 200) {
  const rows: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const got = await fetchPage(page);
    if (!got.ok) return got;
    rows.push(...got.data.rows);
    if (page >= got.data.pageCount || got.data.rows.length === 0) break;
  }
  return { ok: true as const, data: rows };
}

export function paystackMoney(exchange: PaystackExchange) {
  return {
    /** The refunds of one transaction (Paystack's id), every page. */
    refundsOf(transactionId: number) {
      return allPages(async (page) =>
        pageOf(
          await exchange('GET', `/refund?transaction=${transactionId}&perPage=100&page=${page}`),
          refundData,
        ),
      );
    },
    /** The disputes of one transaction (Paystack's id), every page. */
    disputesOf(transactionId: number) {
      return allPages(async (page) =>
        pageOf(
          await exchange('GET', `/dispute?transaction=${transactionId}&perPage=100&page=${page}`),
          disputeData,
        ),
      );
    },
    /** Every transaction of a window (newest first, as Paystack lists them), every page. */
    transactionsIn(q: Omit<PaystackListQuery, 'page'>) {
      return allPages(async (page) => {
        const params = new URLSearchParams({ perPage: String(q.perPage ?? 100), page: String(page) });
        if (q.from) params.set('from', q.from.toISOString());
        if (q.to) params.set('to', q.to.toISOString());
        if (q.status) params.set('status', q.status);
        return pageOf(await exchange('GET', `/transaction?${params}`), listedTransaction);
      });
    },
    /** Refunds and disputes of a window (every page): which transactions the sweep re-checks. */
    refundsIn(from: Date, to: Date) {
      return allPages(async (page) =>
        pageOf(
          await exchange(
            'GET',
            `/refund?from=${from.toISOString()}&to=${to.toISOString()}&perPage=100&page=${page}`,
          ),
          refundData,
        ),
      );
    },
    disputesIn(from: Date, to: Date) {
      return allPages(async (page) =>
        pageOf(
          await exchange(
            'GET',
            `/dispute?from=${from.toISOString()}&to=${to.toISOString()}&perPage=100&page=${page}`,
          ),
          disputeData.extend({ transaction: z.looseObject({ id: z.number(), reference: z.string() }) }),
        ),
      );
    },
    /** GET /transaction/:id (https://paystack.com/docs/api/transaction/#fetch). */
    async fetchTransaction(id: number) {
      return readData(await exchange('GET', `/transaction/${id}`), listedTransaction);
    },
    /** POST /refund: a full refund unless `amountKobo` (an admin's resolution of a discrepancy). */
    async refund(reference: string, amountKobo?: number) {
      return readData(
        await exchange('POST', '/refund', {
          transaction: reference,
          ...(amountKobo ? { amount: amountKobo } : {}),
        }),
        z.looseObject({ id: z.number().optional(), status: z.string().optional() }),
      );
    },
  };
}

export type PaystackMoneyClient = ReturnType<typeof paystackMoney>;
