// Bulk vend from the portal: a CSV validated whole before anything is charged.
import { bulkVendBody, bulkVendResult, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { ok } from '../../../infra/http';
import { requestContextOf } from '../../../infra/request-context';
import { bulkVend } from './bulk-vend.service';

export async function bulkVendRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vending'];

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
      const result = await bulkVend(ctx, requestContextOf(req), req.body.csv, req.body.batchReference);
      return ok(
        `${result.total} rows processed: ${result.successful} successful, ${result.pending} pending, ${result.failed} not vended`,
        result,
      );
    },
  );
}
