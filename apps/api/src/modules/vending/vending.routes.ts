// Portal vending and vending history (spec §7 Transactions: GET transactions/vending,
// corporates-transactions/vending, vend/{id}, PUT transactions/query): the signed-in client's
// vend and bulk vend, the histories with the §3 filters and CSV export, the requery by hand
// and the admin's reversal of a successful vend.
import {
  adminVendListQuery,
  adminVendView,
  bulkVendBody,
  bulkVendResult,
  earnsCommission,
  formatNaira,
  koboToNairaString,
  paginated,
  portalVendBody,
  sandboxBalanceView,
  sandboxFundBody,
  successEnvelope,
  vendDetailView,
  vendListQuery,
  vendQueryBody,
  vendReverseBody,
  vendView,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { CSV_EXPORT_LIMIT, sendCsv, toCsv } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { lagosDayEnd, lagosDayStart } from '../../lib/lagos-time';
import { requestContextOf } from '../../lib/request-context';
import { authOf, corporateOf, dataScopeOf } from '../../plugins/access';
import { audit } from '../../plugins/audit';
import { confirmActingPassword } from '../auth';
import { vend } from './place-vend.service';
import { MANUAL_REQUERY_COOLDOWN_S, requeryByHand } from './requery.service';
import { reverseSuccessfulVend } from './reversal.service';
import { fundSandbox } from './sandbox.service';
import {
  findVendRef,
  listVends,
  type VendFilter,
  type VendRow,
  vendMessage,
  vendOut,
  vendTimeline,
} from './vend-reads.service';
import { bulkVend } from './vending.bulk';

const refParams = z.object({ id: z.string().trim().min(1).max(64).describe('The vend id or its VND- code') });

type ListQuery = z.infer<typeof adminVendListQuery>;

function filterOf(
  q: Partial<ListQuery> & z.infer<typeof vendListQuery>,
  corporateId: string | undefined,
): VendFilter {
  return {
    corporateId,
    mode: q.mode,
    search: q.search,
    from: q.startDate ? lagosDayStart(q.startDate) : undefined,
    to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
    status: q.status,
    network: q.network ?? q.networkType,
    serviceType: q.vendType ?? q.transactionType ?? q.serviceType,
    serviceId: q.service,
    platform: q.platform,
    channel: q.channel,
    clientType: q.clientType,
    page: q.format === 'csv' ? 1 : q.page,
    limit: q.format === 'csv' ? CSV_EXPORT_LIMIT : q.limit,
  };
}

const adminOut = (r: { v: VendRow; corporateName: string }) => ({
  ...vendOut(r.v),
  corporateId: r.v.corporateId,
  corporateName: r.corporateName,
  clientType: r.v.clientType,
  provider: r.v.provider,
  providerReference: r.v.providerReference,
  vtuLineId: r.v.vtuLineId,
  reversalReason: r.v.reversalReason,
});

type CsvRow = { v: VendRow; corporateName: string };
const csvColumns = (admin: boolean): Array<[string, (r: CsvRow) => unknown]> => [
  ['Date', (r) => r.v.createdAt],
  ['Vend', (r) => r.v.code],
  ['Reference', (r) => r.v.reference],
  ...(admin
    ? ([
        ['Client', (r: CsvRow) => r.corporateName],
        ['Client type', (r: CsvRow) => r.v.clientType],
      ] as Array<[string, (r: CsvRow) => unknown]>)
    : []),
  ['Channel', (r) => r.v.channel],
  ['Phone', (r) => r.v.msisdn],
  ['Network', (r) => r.v.network],
  ['Type', (r) => r.v.serviceType],
  ['Plan', (r) => r.v.planCode],
  ['Amount (NGN)', (r) => koboToNairaString(r.v.amountKobo)],
  ['Charged (NGN)', (r) => koboToNairaString(r.v.chargeKobo)],
  // Only a purchase that went through earns commission (as on screen, where these show "—").
  ['Commission (NGN)', (r) => (earnsCommission(r.v.status) ? koboToNairaString(r.v.commissionKobo) : '0.00')],
  ['Commission mode', (r) => (earnsCommission(r.v.status) ? r.v.commissionMode : '')],
  ['Platform', (r) => r.v.platform],
  ['Status', (r) => r.v.status],
  ['Failure reason', (r) => r.v.failureReason],
  ['Completed', (r) => r.v.completedAt],
];

export async function vendingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vending'];

  r.post(
    '/vend',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary: 'Vend airtime or data from the wallet (the reference is generated when not given)',
        body: portalVendBody,
        response: { 200: successEnvelope(vendView) },
      },
    },
    async (req, reply) => {
      const me = authOf(req);
      const res = await vend(
        ctx,
        { corporateId: corporateOf(req), channel: 'PORTAL', userId: me.userId },
        req.body,
      );
      if (res.replay) reply.header('idempotent-replayed', 'true');
      else {
        await audit(ctx.db, req, {
          action: 'vend.create',
          targetType: 'vend',
          targetId: res.vend.id,
          summary: {
            code: res.vend.code,
            phone: res.vend.msisdn,
            amountKobo: res.vend.amountKobo,
            status: res.vend.status,
          },
        });
      }
      return ok(vendMessage(res.vend, 'PORTAL'), vendOut(res.vend));
    },
  );

  r.post(
    '/sandbox/fund',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary:
          'Add test money to the sandbox wallet (test mode and test keys spend it on the simulator only)',
        body: sandboxFundBody,
        response: { 200: successEnvelope(sandboxBalanceView) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const corporateId = corporateOf(req);
      const balance = await fundSandbox(ctx, corporateId, req.body.amount, me.userId);
      await audit(ctx.db, req, {
        action: 'sandbox.fund',
        targetType: 'corporate',
        targetId: corporateId,
        summary: { amountKobo: req.body.amount },
      });
      return ok(`${formatNaira(req.body.amount)} of test money added to the sandbox wallet`, {
        sandboxBalanceKobo: balance,
        sandboxBalance: formatNaira(balance),
      });
    },
  );

  r.post(
    '/vend/bulk',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary:
          'Vend from a CSV: every row is validated before anything is charged; the answer has every row’s result',
        body: bulkVendBody,
        response: { 200: successEnvelope(bulkVendResult) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const result = await bulkVend(
        ctx,
        { corporateId: corporateOf(req), channel: 'BULK', userId: me.userId },
        req.body.csv,
        req.body.batchReference,
      );
      await audit(ctx.db, req, {
        action: 'vend.bulk',
        targetType: 'vend',
        summary: {
          rows: result.total,
          successful: result.successful,
          pending: result.pending,
          failed: result.failed,
        },
      });
      return ok(
        `${result.total} rows processed: ${result.successful} successful, ${result.pending} pending, ${result.failed} not vended`,
        result,
      );
    },
  );

  r.get(
    '/vend/:id',
    {
      config: { permission: { ADMIN: 'vending.read', CORPORATE: 'transactions.read' } },
      schema: {
        tags,
        summary: 'One vend with its timeline (clients: their own only)',
        params: refParams,
        response: { 200: successEnvelope(vendDetailView) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const found = await findVendRef(ctx.db, req.params.id, dataScopeOf(req));
      if (!found) throw notFound('Vend');
      const events = await vendTimeline(ctx.db, found.v.id);
      return ok('Vend retrieved', {
        ...vendOut(found.v),
        corporateId: found.v.corporateId,
        corporateName: found.corporateName,
        events: events.map((e) => ({
          type: e.type,
          status: e.status,
          provider: me.area === 'ADMIN' ? e.provider : null,
          outcome: e.outcome,
          message: e.message,
          createdAt: e.createdAt.toISOString(),
        })),
        admin:
          me.area === 'ADMIN'
            ? {
                clientType: found.v.clientType,
                provider: found.v.provider,
                providerReference: found.v.providerReference,
                vtuLineId: found.v.vtuLineId,
                reversalReason: found.v.reversalReason,
              }
            : null,
      });
    },
  );

  r.get(
    '/transactions/vending',
    {
      config: { permission: 'transactions.read' },
      schema: {
        tags,
        summary: 'My vending history with filters (search: phone, reference or VND code); format=csv exports',
        querystring: vendListQuery,
        response: { 200: paginated(vendView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const { rows, total } = await listVends(ctx.db, filterOf(q, corporateOf(req)));
      if (q.format === 'csv') return sendCsv(reply, 'vending-history.csv', toCsv(csvColumns(false), rows));
      return page(
        'Vending history retrieved',
        rows.map((x) => vendOut(x.v)),
        total,
        q.page,
        q.limit,
      );
    },
  );

  r.get(
    '/corporates-transactions/vending',
    {
      config: { permission: 'vending.read' },
      schema: {
        tags,
        summary: 'Vending across clients with filters (clientType, corporateId ...); format=csv exports',
        querystring: adminVendListQuery,
        response: { 200: paginated(adminVendView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const { rows, total } = await listVends(ctx.db, filterOf(q, q.corporateId));
      if (q.format === 'csv')
        return sendCsv(reply, 'vending-transactions.csv', toCsv(csvColumns(true), rows));
      return page('Vending transactions retrieved', rows.map(adminOut), total, q.page, q.limit);
    },
  );

  r.put(
    '/transactions/query',
    {
      config: { permission: { ADMIN: 'vending.manage', CORPORATE: 'vend' } },
      schema: {
        tags,
        summary: `Ask the provider for the status of a pending vend now (at most once in ${MANUAL_REQUERY_COOLDOWN_S} s)`,
        body: vendQueryBody,
        response: { 200: successEnvelope(vendView) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const found = await findVendRef(ctx.db, req.body.vendId, dataScopeOf(req));
      if (!found) throw notFound('Vend');
      if (found.v.status !== 'PENDING')
        return ok(`The vend is already final: ${found.v.status}`, vendOut(found.v));
      const { vend: v, inProgress } = await requeryByHand(ctx, found.v.id, me.userId);
      if (inProgress)
        return ok('The purchase is still with the provider; check again in a few seconds', vendOut(v));
      await audit(ctx.db, req, {
        action: 'vend.requery',
        targetType: 'vend',
        targetId: v.id,
        corporateId: v.corporateId,
        summary: { code: v.code, status: v.status },
      });
      return ok(vendMessage(v, 'PORTAL'), vendOut(v));
    },
  );

  r.post(
    '/vend/:id/reverse',
    {
      config: { permission: 'vending.manage' },
      schema: {
        tags,
        summary: 'Reverse a successful vend and refund the client (password-confirmed)',
        params: refParams,
        body: vendReverseBody,
        response: { 200: successEnvelope(adminVendView) },
      },
    },
    async (req) => {
      const me = authOf(req);
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const found = await findVendRef(ctx.db, req.params.id, null);
      if (!found) throw notFound('Vend');
      const v = await reverseSuccessfulVend(ctx, found.v.id, { actorId: me.userId, reason: req.body.reason });
      await audit(ctx.db, req, {
        action: 'vend.reverse',
        targetType: 'vend',
        targetId: v.id,
        corporateId: v.corporateId,
        summary: { code: v.code, amountKobo: v.amountKobo, reason: req.body.reason },
      });
      return ok(vendMessage(v, 'PORTAL'), adminOut({ v, corporateName: found.corporateName }));
    },
  );
}
