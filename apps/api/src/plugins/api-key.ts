// API-key authentication for the vending API: routes declaring `config: { apiKey: true }` are
// called with `X-API-Key: vpk_live_...` or `vpk_test_...`. The key, its corporate's terms,
// IP allow-list and services are read in one query by the auth module (which owns the keys);
// this plugin hands it the header, enforces the allow-list and hangs the result on the request.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../infra/context';
import { badRequest } from '../infra/errors';
import { type ApiClient, authenticateApiKey, authenticateApiKeyRemembered } from '../modules/auth';
import { assertIpAllowed, ipAllowed } from '../modules/ip-allowlist';

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiClient | null;
  }
  interface FastifyContextConfig {
    /**
     * With apiKey: the key may be answered from its last read (the vend call, whose debit checks
     * that nothing it holds has changed since; see authenticateApiKeyRemembered).
     */
    rememberKey?: boolean;
  }
}

/** Names under which a credential might be put in a URL (where logs, proxies and history keep it). */
const CREDENTIAL_PARAM =
  /^(x[-_]?)?api[-_]?key$|^(access|auth|bearer|session)[-_]?token$|^password$|^secret$/i;

export const CREDENTIALS_IN_URL =
  'Credentials are never accepted in the URL: send the API key in the X-API-Key header and a session token in the Authorization header';

/** Checks X-API-Key on every /api route that declares `apiKey: true`. */
export function registerApiKeyAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('apiClient', null);
  // A credential in a query string is refused on every API route, before anything reads it.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const query = request.query as Record<string, unknown> | undefined;
    if (query && Object.keys(query).some((k) => CREDENTIAL_PARAM.test(k)))
      throw badRequest(CREDENTIALS_IN_URL);
  });
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.apiKey) return;
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    request.apiClient = request.routeOptions.config.rememberKey
      ? // Remembered only while it would let this address in: a refusal is decided on a fresh read.
        await authenticateApiKeyRemembered(ctx.db, request.headers['x-api-key'], (c) =>
          ipAllowed(c.ipAllowlist, request.ip),
        )
      : await authenticateApiKey(ctx.db, request.headers['x-api-key']);
    // The client's IP allow-list, for every API-key route (vends and bills alike).
    assertIpAllowed(request.apiClient.ipAllowlist, request.ip);
  });
}
