// Vending histories (spec §7 Transactions: GET transactions/vending, corporates-transactions/vending)
// with the §3 filters, as JSON pages or the whole filtered set as CSV.
import {
  adminVendListQuery,
  adminVendView,
  earnsCommission,
  keysetPaginated,
  koboToNairaString,
  vendListQuery,
  vendView,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { CSV_EXPORT_LIMIT, sendCsv, toCsv } from '../../infra/csv';
import { keysetEnvelope } from '../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { corporateOf } from '../../infra/request-context';
import { listVends, type VendFilter, type VendRow, vendHistoryPage, vendOut } from './vend-reads.service';
import { adminOut } from './vending.views';

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

export async function vendHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vending'];

  r.get(
    '/transactions/vending',
    {
      config: { permission: 'transactions.read' },
      schema: {
        tags,
        summary: 'My vending history with filters (search: phone, reference or VND code); format=csv exports',
        querystring: vendListQuery,
        response: { 200: keysetPaginated(vendView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'csv') {
        const { rows } = await listVends(ctx.db, filterOf(q, corporateOf(req)));
        return sendCsv(reply, 'vending-history.csv', toCsv(csvColumns(false), rows));
      }
      const p = await vendHistoryPage(ctx.db, { ...filterOf(q, corporateOf(req)), cursor: q.cursor });
      return keysetEnvelope('Vending history retrieved', p, (x) => vendOut(x.v));
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
        response: { 200: keysetPaginated(adminVendView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      if (q.format === 'csv') {
        const { rows } = await listVends(ctx.db, filterOf(q, q.corporateId));
        return sendCsv(reply, 'vending-transactions.csv', toCsv(csvColumns(true), rows));
      }
      const p = await vendHistoryPage(ctx.db, { ...filterOf(q, q.corporateId), cursor: q.cursor });
      return keysetEnvelope('Vending transactions retrieved', p, adminOut);
    },
  );
}
