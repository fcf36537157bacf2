// Bills in the portal (issue 51): the signed-in client verifies a customer number, pays, lists its
// bills and reads one with its token; admins list every client's bills (tokens masked).
import {
  adminBillListQuery,
  adminBillPage,
  adminBillView,
  billListQuery,
  billPage as billPageView,
  billVerificationView,
  billVerifyBody,
  billView,
  bulkBillsBody,
  bulkBillsCheck,
  bulkBillsResult,
  pageMeta,
  portalBillPayBody,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import { notFound } from '../../../infra/errors';
import { ok } from '../../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../../infra/lagos-time';
import { callerOf, corporateOf, requestContextOf } from '../../../infra/request-context';
import { type BillFilter, billPage, findBill } from './bill-reads.service';
import { adminBillOut, billMessage, billOut } from './bill-views';
import { checkBulkBills, payBulkBills } from './bulk-bills.service';
import { portalPayBill } from './portal-bill.service';
import { verificationOut } from './verification-view';
import { verifyBill } from './verify.service';

const idParams = z.object({ id: z.string().uuid('Not found') });

/** "1 row", "3 rows". */
const rowCount = (n: number) => `${n} row${n === 1 ? '' : 's'}`;

function filterOf(q: z.infer<typeof adminBillListQuery>, corporateId: string | undefined): BillFilter {
  return {
    corporateId,
    mode: q.mode,
    kind: q.kind,
    biller: q.biller,
    status: q.status,
    search: q.search,
    from: q.startDate ? lagosDayStart(q.startDate) : undefined,
    to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
    page: q.page,
    limit: q.limit,
  };
}

export async function billRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bills'];
  const caller = (req: Parameters<typeof corporateOf>[0]) => ({
    corporateId: corporateOf(req),
    channel: 'PORTAL' as const,
    userId: callerOf(requestContextOf(req)).userId,
  });

  r.post(
    '/bills/verify',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary: 'Verify a meter, smartcard or IUC number with the biller before paying',
        body: billVerifyBody,
        response: { 200: successEnvelope(billVerificationView) },
      },
    },
    async (req) => ok('Customer verified', verificationOut(await verifyBill(ctx, caller(req), req.body))),
  );

  r.post(
    '/bills/pay',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary: 'Pay an electricity or TV bill from the wallet (the reference is generated when not given)',
        body: portalBillPayBody,
        response: { 200: successEnvelope(billView) },
      },
    },
    async (req, reply) => {
      const res = await portalPayBill(ctx, requestContextOf(req), req.body);
      if (res.replay) reply.header('idempotent-replayed', 'true');
      return ok(billMessage(res.vend, res.bill), billOut(res.vend, res.bill, 'FULL'));
    },
  );

  r.post(
    '/bills/bulk/check',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary:
          'Bills in bulk, step 1: every row of a CSV verified with its biller and priced; nothing is charged',
        body: bulkBillsBody,
        response: { 200: successEnvelope(bulkBillsCheck) },
      },
    },
    async (req) => {
      const c = await checkBulkBills(ctx, requestContextOf(req), req.body);
      return ok(
        c.invalid
          ? `${c.invalid} of ${rowCount(c.total)} cannot be paid; nothing was charged`
          : c.enough
            ? `${c.total === 1 ? 'The row' : `All ${c.total} rows`} verified: ${c.totalCharge} in total`
            : `${c.total === 1 ? 'The row' : `All ${c.total} rows`} verified, but the file needs ${c.totalCharge} and ${c.available} is available`,
        c,
      );
    },
  );

  r.post(
    '/bills/bulk/pay',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary:
          'Bills in bulk, step 2: the file checked again, then every row paid (idempotent by reference); each row’s result',
        body: bulkBillsBody,
        response: { 200: successEnvelope(bulkBillsResult) },
      },
    },
    async (req) => {
      const res = await payBulkBills(ctx, requestContextOf(req), req.body);
      return ok(
        `${rowCount(res.total)} processed: ${res.successful} paid, ${res.pending} pending, ${res.failed} not paid`,
        res,
      );
    },
  );

  r.get(
    '/bills',
    {
      config: { permission: 'transactions.read' },
      schema: {
        tags,
        summary:
          'My bills with filters (kind, biller, status, dates; search: reference, code or customer number)',
        querystring: billListQuery,
        response: { 200: successEnvelope(billPageView) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await billPage(ctx.db, filterOf(q, corporateOf(req)));
      return ok('Bills retrieved', {
        items: rows.map((x) => billOut(x.v, x.b, 'MASKED')),
        meta: pageMeta(total, q.page, q.limit),
      });
    },
  );

  r.get(
    '/bills/:id',
    {
      config: { permission: 'transactions.read' },
      schema: {
        tags,
        summary: 'One of my bills, with its token',
        params: idParams,
        response: { 200: successEnvelope(billView) },
      },
    },
    async (req) => {
      const x = await findBill(ctx.db, req.params.id, corporateOf(req));
      if (!x) throw notFound('Bill');
      return ok(billMessage(x.v, x.b), billOut(x.v, x.b, 'FULL'));
    },
  );

  r.get(
    '/admin/bills',
    {
      config: { permission: 'vending.read' },
      schema: {
        tags,
        summary: "Every client's bills with filters (tokens masked)",
        querystring: adminBillListQuery,
        response: { 200: successEnvelope(adminBillPage) },
      },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await billPage(ctx.db, filterOf(q, q.corporateId));
      return ok('Bills retrieved', {
        items: rows.map((x) => adminBillOut(x.v, x.b, x.corporateName ?? '')),
        meta: pageMeta(total, q.page, q.limit),
      });
    },
  );

  r.get(
    '/admin/bills/:id',
    {
      config: { permission: 'vending.read' },
      schema: {
        tags,
        summary: 'One bill (its token masked: only its client reads it in full)',
        params: idParams,
        response: { 200: successEnvelope(adminBillView) },
      },
    },
    async (req) => {
      const x = await findBill(ctx.db, req.params.id, null);
      if (!x) throw notFound('Bill');
      return ok(billMessage(x.v, x.b), adminBillOut(x.v, x.b, x.corporateName ?? ''));
    },
  );
}
