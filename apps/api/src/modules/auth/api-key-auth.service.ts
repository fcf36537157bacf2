// Authenticating a vending API call by its X-API-Key: the key is found by its SHA-256 hash; a
// revoked key or an inactive corporate is refused. What the vending API needs of the client
// comes back with the key, in the same query: its IP allow-list (enforced by the vending API on
// top of this), its vending terms and its assigned, active services. The vend call may be
// answered from the key's last read instead (authenticateApiKeyRemembered, checked at the
// debit). The key table is this module's, so the lookup lives here; plugins/api-key only reads
// the header.

import { sha256 } from '../../infra/crypto';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../infra/errors';
import type { ServiceRow } from '../catalogue';
import { lookupKeyByHash, stampKeyLastUsed } from './api-key-lookup.repo';

/** A client's vending terms, read with its key here and by the vending module for a portal vend
 * (vending's VendCorporate is this type). */
export interface ClientTerms {
  id: string;
  status: string;
  testMode: boolean;
  upfrontCommission: boolean;
  clientType: string;
  /** Why vending is held (an unsettled card reversal), null when it is not. */
  vendingHold: string | null;
}

export interface ApiClient {
  corporateId: string;
  mode: 'LIVE' | 'TEST';
  keyId: string;
  /** The corporate's IP allow-list (addresses and CIDR ranges); empty allows every address. */
  ipAllowlist: string[];
  /** The corporate's vending terms, as read with the key. */
  corporate: ClientTerms;
  /** Its assigned, active services, oldest first (shared by the calls read together: read only). */
  services: readonly ServiceRow[];
  /** The client's API rate-limit override, read with the key (null: the platform's default). */
  rateLimits: {
    keyPerS: number | null;
    keyBurst: number | null;
    clientPerS: number | null;
    clientBurst: number | null;
  };
  /** The API access generation of the read (migration 0020). */
  accessGeneration: number;
  /** Answered from a remembered read (authenticateApiKeyRemembered), not one made for this call. */
  remembered: boolean;
}

/** newToken's 32 random bytes in base64url, after the mode prefix. */
const KEY_SHAPE = /^vpk_(live|test)_[A-Za-z0-9_-]{43}$/;
/** last_used_at is written at most this often per key, so busy clients do not write on every call. */
const LAST_USED_RESOLUTION_MS = 60_000;

const invalidKey = () => new AppError('UNAUTHORIZED', 401, 'Invalid API key');

/** The key's hash, once its shape is checked (401 without a key or with a malformed one). */
function hashOfKey(given: string | string[] | undefined): string {
  const key = Array.isArray(given) ? given[0] : given;
  if (!key) throw new AppError('UNAUTHORIZED', 401, 'An API key is required in the X-API-Key header');
  if (!KEY_SHAPE.test(key)) throw invalidKey();
  return sha256(key);
}

/** `given` is the X-API-Key header as received. Read for this call. */
export async function authenticateApiKey(db: Db, given: string | string[] | undefined): Promise<ApiClient> {
  return readAndRemember(db, hashOfKey(given));
}

/** The key's client read now, and remembered for the vend call (forgotten when refused). */
async function readAndRemember(db: Db, hash: string): Promise<ApiClient> {
  const m = rememberedOf(db);
  // A key refused now (revoked, its client inactive, unknown) is not remembered any more.
  m.delete(hash);
  const { client, lastUsedMs } = await readClient(db, hash);
  if (m.size >= MAX_REMEMBERED) m.clear();
  m.set(hash, { client: { ...client, remembered: true }, lastUsedMs });
  return client;
}

/** The client of the key with this hash, read now; when its last use was last written. */
async function readClient(db: Db, hash: string): Promise<{ client: ApiClient; lastUsedMs: number }> {
  const [row] = await lookupKeyByHash(db, hash);
  if (!row || row.revoked_at) throw invalidKey();
  if (row.corporate_status !== 'ACTIVE') {
    throw new AppError('CLIENT_INACTIVE', 403, 'This account is inactive. Contact support to reactivate it.');
  }
  const use = { lastUsedMs: row.last_used_at ? new Date(row.last_used_at).getTime() : 0 };
  await stampIfDue(db, row.id, use);
  const client: ApiClient = {
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
      vendingHold: row.vending_hold,
    },
    services: row.services,
    rateLimits: {
      keyPerS: row.rate_key_per_s,
      keyBurst: row.rate_key_burst,
      clientPerS: row.rate_client_per_s,
      clientBurst: row.rate_client_burst,
    },
    accessGeneration: row.generation,
    remembered: false,
  };
  return { client, lastUsedMs: use.lastUsedMs };
}

/** Writes the key's last use when the one last written is LAST_USED_RESOLUTION_MS old. */
async function stampIfDue(db: Db, keyId: string, use: { lastUsedMs: number }): Promise<void> {
  const now = Date.now();
  if (now - use.lastUsedMs < LAST_USED_RESOLUTION_MS) return;
  // Set before the write: the calls answered meanwhile do not write it again.
  use.lastUsedMs = now;
  await stampKeyLastUsed(db, keyId, new Date(now));
}

// ---------------------------------------------------------------- remembered reads

/**
 * The last read of each key, per database, for the vend call (issue 17: a read per call was a
 * third of a vend's statements). A remembered read is never trusted with money on its own: the
 * vend it decides carries its access generation, and the debit is refused STALE, nothing written,
 * when anything the read holds has changed since (migration 0020); the caller then reads again
 * (authenticateApiKey) and decides anew. A refusal is never answered from it either: the caller
 * reads again first. Bounded: past MAX_REMEMBERED keys it starts over.
 */
interface Remembered {
  client: ApiClient;
  /** When this process last wrote the key's last_used_at (or read it written). */
  lastUsedMs: number;
}
const MAX_REMEMBERED = 10_000;
const rememberedPer = new WeakMap<Db, Map<string, Remembered>>();

function rememberedOf(db: Db): Map<string, Remembered> {
  let m = rememberedPer.get(db);
  if (!m) {
    m = new Map();
    rememberedPer.set(db, m);
  }
  return m;
}

/**
 * The key's client from the remembered read when there is one and `accept` takes it (the caller's
 * own check, such as the IP allow-list); otherwise, or when it would be refused, a read for this
 * call (which refuses a revoked key or an inactive client as authenticateApiKey does). A client
 * answered from memory has `remembered: true`: pass its accessGeneration with the vend.
 */
export async function authenticateApiKeyRemembered(
  db: Db,
  given: string | string[] | undefined,
  accept: (client: ApiClient) => boolean,
): Promise<ApiClient> {
  const hash = hashOfKey(given);
  const hit = rememberedOf(db).get(hash);
  if (hit && accept(hit.client)) {
    await stampIfDue(db, hit.client.keyId, hit);
    return hit.client;
  }
  return readAndRemember(db, hash);
}
