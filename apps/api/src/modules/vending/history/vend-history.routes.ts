// Vending histories (spec §7 Transactions: GET transactions/vending, corporates-transactions/vending)
// with the §3 filters, as JSON pages (by keyset) or the whole filtered set as CSV (streamed:
// vend-export.service).
import {
  adminVendListItem,
  adminVendListQuery,
  keysetPaginated,
  portalVendListItem,
  vendListQuery,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import { sendCsvStream } from '../../../infra/csv';
import { keysetEnvelope } from '../../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../../infra/lagos-time';
import { corporateOf } from '../../../infra/request-context';
import { billRowOut } from '../bills/bill-views';
import { type VendFilter, vendHistoryPage, vendOut } from '../records/vend-reads.service';
import { adminOut } from '../records/vend-views';
import { vendHistoryCsv } from './vend-export.service';

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
    page: q.page,
    limit: q.limit,
  };
}

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
        response: { 200: keysetPaginated(portalVendListItem) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const f = filterOf(q, corporateOf(req));
      if (q.format === 'csv')
        return sendCsvStream(reply, 'vending-history.csv', vendHistoryCsv(ctx.db, f, { admin: false }));
      const p = await vendHistoryPage(ctx.db, { ...f, cursor: q.cursor }, ctx.reads);
      return keysetEnvelope('Vending history retrieved', p, (x) => ({
        ...vendOut(x.v),
        bill: billRowOut(x.bill),
      }));
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
        response: { 200: keysetPaginated(adminVendListItem) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const f = filterOf(q, q.corporateId);
      if (q.format === 'csv')
        return sendCsvStream(reply, 'vending-transactions.csv', vendHistoryCsv(ctx.db, f, { admin: true }));
      const p = await vendHistoryPage(ctx.db, { ...f, cursor: q.cursor }, ctx.reads);
      return keysetEnvelope('Vending transactions retrieved', p, (x) => ({
        ...adminOut(x),
        bill: billRowOut(x.bill),
      }));
    },
  );
}
