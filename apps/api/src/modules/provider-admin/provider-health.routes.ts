// The Providers screen's health action (issue 49): POST admin/providers/{id}/health forces a real
// upstream's circuit breaker open or closed. services.manage, as the route order; password-confirmed
// (it moves every new vend), audited and announced by the breaker.
import { providerHealthBody, providerHealthView, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { forceProviderHealth } from './provider-health.service';

export async function providerHealthRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/admin/providers/:id/health',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags: ['Providers'],
        summary:
          "Force a real upstream's circuit breaker open (new vends skip it until closed) or closed (password-confirmed)",
        params: z.object({ id: z.string().trim().min(1).max(32) }),
        body: providerHealthBody,
        response: { 200: successEnvelope(providerHealthView) },
      },
    },
    async (req) => {
      const view = await forceProviderHealth(ctx, requestContextOf(req), req.params.id, req.body);
      return ok(
        view.state === 'OPEN'
          ? 'Provider forced open: new vends skip it until an admin closes it'
          : 'Provider closed: new vends go to it again',
        view,
      );
    },
  );
}
