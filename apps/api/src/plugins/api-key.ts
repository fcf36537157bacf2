// API-key authentication for the vending API: routes declaring `config: { apiKey: true }` are
// called with `X-API-Key: vpk_live_...` or `vpk_test_...`. Keys are found by their SHA-256
// hash; a revoked key or an inactive corporate is refused. What the vending API needs of the
// client comes back with the key, in the same query (one per call): its IP allow-list (enforced
// by the vending API on top of this), its vending terms and its assigned, active services.
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { apiKeys } from '../db/schema';
import { runStatement, type Statement } from '../db/sql';
import { sha256 } from '../lib/crypto';
import { AppError } from '../lib/errors';
import {
  ASSIGNED_SERVICES_JSON,
  type ServiceJson,
  type ServiceRow,
  servicesFromJson,
} from '../modules/catalogue';
import type { VendCorporate } from '../modules/vending';

export interface ApiClient {
  corporateId: string;
  mode: 'LIVE' | 'TEST';
  keyId: string;
  /** The corporate's IP allow-list (addresses and CIDR ranges); empty allows every address. */
  ipAllowlist: string[];
  /** The corporate's vending terms, as read with the key. */
  corporate: VendCorporate;
  /** Its assigned, active services, oldest first. */
  services: ServiceRow[];
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

/** The key, its corporate, the corporate's IP allow-list and services, by the key's hash. */
const KEY_LOOKUP: Statement = {
  name: 'api_key_lookup',
  text: `select k.id, k.corporate_id, k.mode, k.revoked_at, k.last_used_at, c.status as corporate_status,
                c.test_mode, c.upfront_commission, c.client_type,
                array(select i.address from ip_allowlist i where i.corporate_id = k.corporate_id) as ip_allowlist,
                ${ASSIGNED_SERVICES_JSON('k.corporate_id')} as services
           from api_keys k
           join corporates c on c.id = k.corporate_id
          where k.key_hash = $1
          limit 1`,
};

const invalidKey = () => new AppError('UNAUTHORIZED', 401, 'Invalid API key');

export async function authenticateApiKey(
  ctx: AppContext,
  request: Pick<FastifyRequest, 'headers'>,
): Promise<ApiClient> {
  const given = request.headers['x-api-key'];
  const key = Array.isArray(given) ? given[0] : given;
  if (!key) throw new AppError('UNAUTHORIZED', 401, 'An API key is required in the X-API-Key header');
  if (!KEY_SHAPE.test(key)) throw invalidKey();
  const [row] = await runStatement<{
    id: string;
    corporate_id: string;
    mode: string;
    revoked_at: Date | null;
    last_used_at: Date | null;
    corporate_status: string;
    test_mode: boolean;
    upfront_commission: boolean;
    client_type: string;
    ip_allowlist: string[];
    services: ServiceJson[] | string;
  }>(ctx.db, KEY_LOOKUP, [sha256(key)]);
  if (!row || row.revoked_at) throw invalidKey();
  if (row.corporate_status !== 'ACTIVE') {
    throw new AppError('CLIENT_INACTIVE', 403, 'This account is inactive. Contact support to reactivate it.');
  }
  const now = Date.now();
  if (!row.last_used_at || now - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
    await ctx.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, row.id));
  }
  return {
    corporateId: row.corporate_id,
    mode: row.mode === 'TEST' ? 'TEST' : 'LIVE',
    keyId: row.id,
    ipAllowlist: row.ip_allowlist ?? [],
    corporate: {
      id: row.corporate_id,
      status: row.corporate_status,
      testMode: row.test_mode,
      upfrontCommission: row.upfront_commission,
      clientType: row.client_type,
    },
    services: servicesFromJson(row.services),
  };
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
