// The admin Providers screen's API (issue 32 item 8): GET admin/providers, PUT
// admin/providers/routes (the provider order of a platform), POST admin/providers/{id}/balance.
// Read with services.read, changed with services.manage: the provider order decides where the
// services' vends go, as the services' platforms do (no password, as for a service's changes).
import {
  platformRouteView,
  providerRoutesBody,
  providersScreenView,
  successEnvelope,
  upstreamProviderView,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { providersScreen, refreshBalance, saveRoutes } from './provider-admin.service';

export async function providerAdminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Providers'];

  r.get(
    '/admin/providers',
    {
      config: { permission: 'services.read' },
      schema: {
        tags,
        summary:
          'Upstream providers: keys, last balance, last 24 h of attempts; the provider order per platform',
        response: { 200: successEnvelope(providersScreenView) },
      },
    },
    async () => ok('Providers retrieved', await providersScreen(ctx)),
  );

  r.put(
    '/admin/providers/routes',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: "Save a platform's provider order (failover order; an empty list turns the platform off)",
        body: providerRoutesBody,
        response: { 200: successEnvelope(platformRouteView) },
      },
    },
    async (req) => {
      const route = await saveRoutes(ctx, requestContextOf(req), req.body);
      return ok(
        route.providers.length
          ? `${route.platform} vends now go through ${route.providers.join(', then ')}`
          : `${route.platform} vends are off until a provider is set`,
        route,
      );
    },
  );

  r.post(
    '/admin/providers/:id/balance',
    {
      config: { permission: 'services.manage' },
      schema: {
        tags,
        summary: "Read a real upstream's balance now (not the simulator)",
        params: z.object({ id: z.string().trim().min(1).max(32) }),
        response: { 200: successEnvelope(upstreamProviderView) },
      },
    },
    async (req) =>
      ok('Provider balance refreshed', await refreshBalance(ctx, requestContextOf(req), req.params.id)),
  );
}
