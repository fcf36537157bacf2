// Authenticating a vending API call by its X-API-Key: the key is found by its SHA-256 hash; a
// revoked key or an inactive corporate is refused. What the vending API needs of the client
// comes back with the key, in the same query (one per call): its IP allow-list (enforced by the
// vending API on top of this), its vending terms and its assigned, active services. The key
// table is this module's, so the lookup lives here; plugins/api-key only reads the header.
import type { Db } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { AppError } from '../../lib/errors';
import type { ServiceRow } from '../catalogue';
import type { VendCorporate } from '../vending';
import { lookupKeyByHash, stampKeyLastUsed } from './api-key-lookup.repo';

export interface ApiClient {
  corporateId: string;
  mode: 'LIVE' | 'TEST';
  keyId: string;
  /** The corporate's IP allow-list (addresses and CIDR ranges); empty allows every address. */
  ipAllowlist: string[];
  /** The corporate's vending terms, as read with the key. */
  corporate: VendCorporate;
  /** Its assigned, active services, oldest first (shared by the calls read together: read only). */
  services: readonly ServiceRow[];
}

/** newToken's 32 random bytes in base64url, after the mode prefix. */
const KEY_SHAPE = /^vpk_(live|test)_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per key, so busy clients do not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

const invalidKey = () => new AppError('UNAUTHORIZED', 401, 'Invalid API key');

/** `given` is the X-API-Key header as received. */
export async function authenticateApiKey(db: Db, given: string | string[] | undefined): Promise<ApiClient> {
  const key = Array.isArray(given) ? given[0] : given;
  if (!key) throw new AppError('UNAUTHORIZED', 401, 'An API key is required in the X-API-Key header');
  if (!KEY_SHAPE.test(key)) throw invalidKey();
  const [row] = await lookupKeyByHash(db, sha256(key));
  if (!row || row.revoked_at) throw invalidKey();
  if (row.corporate_status !== 'ACTIVE') {
    throw new AppError('CLIENT_INACTIVE', 403, 'This account is inactive. Contact support to reactivate it.');
  }
  const now = Date.now();
  if (!row.last_used_at || now - new Date(row.last_used_at).getTime() >= LAST_USED_RESOLUTION_MS) {
    await stampKeyLastUsed(db, row.id, new Date(now));
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
    services: row.services,
  };
}
