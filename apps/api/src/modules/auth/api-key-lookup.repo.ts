// The API-key lookup on every vending API call: the key, its corporate, the corporate's IP
// allow-list and assigned services in ONE prepared statement (the vend hot path's only read
// before the vend itself), and the throttled last-used stamp.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { runStatement, type Statement } from '../../db/sql';
import { ASSIGNED_SERVICES_JSON, type ServiceJson } from '../catalogue';

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

export interface ApiKeyLookupRow {
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
}

/** Not async: hands back the statement's own promise, so the caller's one await is the only one. */
export const lookupKeyByHash = (db: Db, keyHash: string) =>
  runStatement<ApiKeyLookupRow>(db, KEY_LOOKUP, [keyHash]);

/** Not async, for the same reason: the update's own promise. */
export const stampKeyLastUsed = (db: Db, id: string, at: Date) =>
  db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
