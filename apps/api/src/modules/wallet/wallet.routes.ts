// GET get-wallet-balance?date=YYYY-MM-DD: the caller's wallet now and as at the end of that day.
import { successEnvelope, walletBalanceQuery, walletBalanceView } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { corporateOf } from '../../infra/request-context';
import { walletSummary } from './wallet.service';

export async function walletRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/get-wallet-balance',
    {
      config: { permission: 'wallet.read' },
      schema: {
        tags: ['Wallet'],
        summary:
          'My wallet balance now and, with date, at the end of that Lagos day; credit terms for postpaid clients',
        querystring: walletBalanceQuery,
        response: { 200: successEnvelope(walletBalanceView) },
      },
    },
    async (req) =>
      ok('Wallet balance retrieved', await walletSummary(ctx.db, corporateOf(req), req.query.date)),
  );
}
