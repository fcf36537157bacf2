// API-key authentication for the vending API: routes declaring `config: { apiKey: true }` are
// called with `X-API-Key: vpk_live_...` or `vpk_test_...`. The key, its corporate's terms,
// IP allow-list and services are read in one query by the auth module (which owns the keys);
// this plugin only hands it the header and hangs the result on the request.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { type ApiClient, authenticateApiKey as authenticateKey } from '../modules/auth/api-key-auth.service';

export type { ApiClient };

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiClient | null;
  }
}

/** Not async: the auth service's own promise comes back, with no extra await per call. */
export const authenticateApiKey = (
  ctx: AppContext,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<ApiClient> => authenticateKey(ctx.db, request.headers['x-api-key']);

/** Checks X-API-Key on every /api route that declares `apiKey: true`. */
export function registerApiKeyAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('apiClient', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.apiKey) return;
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    request.apiClient = await authenticateApiKey(ctx, request);
  });
}
