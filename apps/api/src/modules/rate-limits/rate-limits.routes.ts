// The vending API's rate limits as people see them (issue 34): a client reads its limits and its
// last hour's refusals (its API keys card); an admin reads and sets a client's own limits (the
// client's detail page; audited, no password: it moves no money and grants no access).
import {
  apiRateLimitsView,
  corporateClientParams,
  rateLimitOverrideBody,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { corporateOfCaller, requestContextOf } from '../../infra/request-context';
import { apiRateLimitsOf, setClientRateLimits } from './rate-limits.service';

export async function rateLimitsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api-rate-limits',
    {
      config: { permission: 'apikey.manage' },
      schema: {
        tags: ['API keys'],
        summary: 'My vending API rate limits (per key and for the client) and the last hour’s refusals',
        security: [{ bearer: [] }],
        response: { 200: successEnvelope(apiRateLimitsView) },
      },
    },
    async (req) =>
      ok('API rate limits retrieved', await apiRateLimitsOf(ctx, corporateOfCaller(requestContextOf(req)))),
  );

  r.get(
    '/corporate-clients/:id/api-rate-limits',
    {
      config: { permission: 'clients.read' },
      schema: {
        tags: ['Clients'],
        summary: 'A client’s vending API rate limits (its own or the defaults) and its last hour’s refusals',
        params: corporateClientParams,
        response: { 200: successEnvelope(apiRateLimitsView) },
      },
    },
    async (req) => ok('API rate limits retrieved', await apiRateLimitsOf(ctx, req.params.id)),
  );

  r.put(
    '/corporate-clients/:id/api-rate-limits',
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags: ['Clients'],
        summary: 'Set a client’s own vending API rate limits (null or empty: the platform default)',
        params: corporateClientParams,
        body: rateLimitOverrideBody,
        response: { 200: successEnvelope(apiRateLimitsView) },
      },
    },
    async (req) =>
      ok(
        'API rate limits saved',
        await setClientRateLimits(ctx, requestContextOf(req), req.params.id, req.body),
      ),
  );
}
