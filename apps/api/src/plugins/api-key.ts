// API-key authentication for the vending API: routes declaring `config: { apiKey: true }` are
// called with `X-API-Key: vpk_live_...` or `vpk_test_...`. Keys are found by their SHA-256
// hash; a revoked key or an inactive corporate is refused. (The corporate's IP allow-list is
// enforced by the settings module on top of this.)
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { apiKeys, corporates } from '../db/schema';
import { sha256 } from '../lib/crypto';
import { AppError } from '../lib/errors';

export interface ApiClient {
  corporateId: string;
  mode: 'LIVE' | 'TEST';
  keyId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    apiClient: ApiClient | null;
  }
}

/** newToken's 32 random bytes in base64url, after the mode prefix. */
const KEY_SHAPE = /^vpk_(live|test)_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per key, so busy clients do not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

const invalidKey = () => new AppError('UNAUTHORIZED', 401, 'Invalid API key');

export async function authenticateApiKey(
  ctx: AppContext,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<ApiClient> {
  const given = request.headers['x-api-key'];
  const key = Array.isArray(given) ? given[0] : given;
  if (!key) throw new AppError('UNAUTHORIZED', 401, 'An API key is required in the X-API-Key header');
  if (!KEY_SHAPE.test(key)) throw invalidKey();
  const [row] = await ctx.db
    .select({
      id: apiKeys.id,
      corporateId: apiKeys.corporateId,
      mode: apiKeys.mode,
      revokedAt: apiKeys.revokedAt,
      lastUsedAt: apiKeys.lastUsedAt,
      corporateStatus: corporates.status,
    })
    .from(apiKeys)
    .innerJoin(corporates, eq(corporates.id, apiKeys.corporateId))
    .where(eq(apiKeys.keyHash, sha256(key)))
    .limit(1);
  if (!row || row.revokedAt) throw invalidKey();
  if (row.corporateStatus !== 'ACTIVE') {
    throw new AppError('CLIENT_INACTIVE', 403, 'This account is inactive. Contact support to reactivate it.');
  }
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_RESOLUTION_MS) {
    await ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, row.id));
  }
  return { corporateId: row.corporateId, mode: row.mode === 'TEST' ? 'TEST' : 'LIVE', keyId: row.id };
}

/** Checks X-API-Key on every /api route that declares `apiKey: true`. */
export function registerApiKeyAuth(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('apiClient', null);
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.apiKey) return;
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    request.apiClient = await authenticateApiKey(ctx, request);
  });
}
