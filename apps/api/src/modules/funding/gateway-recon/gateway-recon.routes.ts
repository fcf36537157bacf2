// The admin's gateway reconciliation (issue 50): the sweep's runs against Paystack and the
// discrepancies it raised (JSON, or CSV with format=csv), a run on demand, and the resolution of a
// discrepancy (password-confirmed: it moves money or asks Paystack to).
import {
  gatewayDiscrepancyResolveBody,
  gatewayDiscrepancyView,
  gatewayReconciliationView,
  gatewayReconQuery,
  gatewayReconRunView,
  lagosDateOf,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import { sendCsv } from '../../../infra/csv';
import { AppError } from '../../../infra/errors';
import { ok } from '../../../infra/http';
import { requestContextOf } from '../../../infra/request-context';
import { confirmActingPassword } from '../../auth';
import {
  discrepanciesCsv,
  gatewayReconciliation,
  resolveDiscrepancy,
  runView,
} from './gateway-discrepancies.service';
import { reconcileGatewayNow } from './gateway-recon.service';

export async function gatewayReconRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Funding (admin)'];

  r.get(
    '/gateway-reconciliation',
    {
      config: { permission: 'funding.read' },
      schema: {
        tags,
        summary:
          'Reconciliation with Paystack: the latest runs (Paystack’s total, ours, the difference) and the discrepancies (format=csv: the discrepancies as CSV)',
        querystring: gatewayReconQuery,
        response: { 200: successEnvelope(gatewayReconciliationView) },
      },
    },
    async (req, reply) => {
      if (req.query.format === 'csv')
        return sendCsv(
          reply,
          `gateway-discrepancies-${lagosDateOf(new Date())}.csv`,
          await discrepanciesCsv(ctx, req.query.status),
        );
      return ok('Gateway reconciliation retrieved', await gatewayReconciliation(ctx, req.query.status));
    },
  );

  r.post(
    '/gateway-reconciliation/runs',
    {
      config: { permission: 'funding.manage' },
      schema: {
        tags,
        summary:
          'Reconcile with Paystack now: the last 48 hours (credits what was paid and not credited, once)',
        response: { 200: successEnvelope(gatewayReconRunView) },
      },
    },
    async (req) => {
      const run = await reconcileGatewayNow(ctx, requestContextOf(req));
      if (!run)
        throw new AppError('SERVICE_UNAVAILABLE', 400, 'Reconciliation needs Paystack as the card gateway.');
      return ok('Reconciliation run', runView(run));
    },
  );

  r.post(
    '/gateway-reconciliation/discrepancies/:id/resolve',
    {
      config: { permission: 'funding.manage' },
      schema: {
        tags,
        summary:
          'Resolve a gateway discrepancy once: credit the client, refund at Paystack, or write off (password-confirmed, audited)',
        params: z.object({ id: z.uuid('Unknown discrepancy') }),
        body: gatewayDiscrepancyResolveBody,
        response: { 200: successEnvelope(gatewayDiscrepancyView) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      const { password, corporate_id, ...rest } = req.body;
      await confirmActingPassword(ctx, rc, password);
      const d = await resolveDiscrepancy(ctx, rc, req.params.id, { ...rest, corporateId: corporate_id });
      return ok(`${d.code} resolved`, d);
    },
  );
}
