// Funding histories (spec §7 Wallet, Transactions): the client's own and every client's for
// admins, as JSON pages or the whole filtered set as CSV.
import {
  adminFundingHistoryQuery,
  fundingHistoryQuery,
  fundingTransactionView,
  keysetPaginated,
  lagosDateOf,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { sendCsvStream } from '../../../infra/csv';
import { keysetEnvelope } from '../../../infra/http';
import { corporateOf } from '../../../infra/request-context';
import {
  fundingHistoryCsv,
  fundingHistoryPage,
  fundingTransactionView as viewOf,
} from './funding-history.service';

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
        response: { 200: keysetPaginated(fundingTransactionView) },
      },
    },
    async (req, reply) => {
      const { page: p, limit, cursor, format, ...filters } = req.query;
      const scoped = { ...filters, corporateId: corporateOf(req) };
      if (format === 'csv')
        return sendCsvStream(
          reply,
          datedCsvName('funding-history'),
          fundingHistoryCsv(ctx.db, scoped, { withCorporate: false }),
        );
      const read = await fundingHistoryPage(ctx.db, scoped, { page: p, limit, cursor });
      return keysetEnvelope('Funding transactions retrieved', read, viewOf);
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
        response: { 200: keysetPaginated(fundingTransactionView) },
      },
    },
    async (req, reply) => {
      const { page: p, limit, cursor, format, ...filters } = req.query;
      if (format === 'csv')
        return sendCsvStream(
          reply,
          datedCsvName('corporate-funding'),
          fundingHistoryCsv(ctx.db, filters, { withCorporate: true }),
        );
      const read = await fundingHistoryPage(ctx.db, filters, { page: p, limit, cursor });
      return keysetEnvelope('Funding transactions retrieved', read, viewOf);
    },
  );
}
