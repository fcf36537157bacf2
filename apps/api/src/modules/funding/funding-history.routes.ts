// Funding histories (spec §7 Wallet, Transactions): the client's own and every client's for
// admins, as JSON pages or the whole filtered set as CSV.
import {
  adminFundingHistoryQuery,
  fundingHistoryQuery,
  fundingTransactionView,
  lagosDateOf,
  paginated,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { sendCsvStream } from '../../infra/csv';
import { page } from '../../infra/http';
import { corporateOf } from '../../infra/request-context';
import { fundingHistoryCsv, fundingHistoryPage } from './history.service';

/** `name-YYYY-MM-DD.csv`, the day in Lagos. */
const datedCsvName = (name: string) => `${name}-${lagosDateOf(new Date())}.csv`;

export async function fundingHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Wallet'];
  const adminTags = ['Funding (admin)'];

  r.get(
    '/transactions/funding',
    {
      config: { permission: 'wallet.read' },
      schema: {
        tags,
        summary: 'My funding history, newest first (format=csv: the whole filtered set as CSV)',
        querystring: fundingHistoryQuery,
        response: { 200: paginated(fundingTransactionView) },
      },
    },
    async (req, reply) => {
      const { page: p, limit, format, ...filters } = req.query;
      const scoped = { ...filters, corporateId: corporateOf(req) };
      if (format === 'csv')
        return sendCsvStream(
          reply,
          datedCsvName('funding-history'),
          fundingHistoryCsv(ctx.db, scoped, { withCorporate: false }),
        );
      const { rows, total } = await fundingHistoryPage(ctx.db, scoped, p, limit);
      return page('Funding transactions retrieved', rows, total, p, limit);
    },
  );

  r.get(
    '/corporates-transactions/funding',
    {
      config: { permission: 'funding.read' },
      schema: {
        tags: adminTags,
        summary: "Every client's funding history, newest first (format=csv: the whole filtered set as CSV)",
        querystring: adminFundingHistoryQuery,
        response: { 200: paginated(fundingTransactionView) },
      },
    },
    async (req, reply) => {
      const { page: p, limit, format, ...filters } = req.query;
      if (format === 'csv')
        return sendCsvStream(
          reply,
          datedCsvName('corporate-funding'),
          fundingHistoryCsv(ctx.db, filters, { withCorporate: true }),
        );
      const { rows, total } = await fundingHistoryPage(ctx.db, filters, p, limit);
      return page('Funding transactions retrieved', rows, total, p, limit);
    },
  );
}
