// The API-key lookup on every vending API call: the key, its corporate, the corporate's IP
// allow-list and assigned services in ONE prepared statement (the vend hot path's only read
// before the vend itself), and the throttled last-used stamp. Calls that arrive while a lookup is
// running wait for the next one and share it (lib/group-commit.ts): one statement answers every
// key asked meanwhile. A call is still answered by a read that started after it arrived, so a key
// revoked before the call is refused as before; nothing is cached between calls.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { runStatement, type Statement } from '../../db/sql';
import { groupReadPer } from '../../lib/group-commit';
import { ASSIGNED_SERVICES_JSON, type ServiceJson } from '../catalogue';

/** The keys, their corporates, the corporates' IP allow-lists and services, by the keys' hashes. */
const KEY_LOOKUP: Statement = {
  name: 'api_key_lookup',
  text: `select k.key_hash, k.id, k.corporate_id, k.mode, k.revoked_at, k.last_used_at, c.status as corporate_status,
                c.test_mode, c.upfront_commission, c.client_type,
                array(select i.address from ip_allowlist i where i.corporate_id = k.corporate_id) as ip_allowlist,
                ${ASSIGNED_SERVICES_JSON('k.corporate_id')} as services
           from api_keys k
           join corporates c on c.id = k.corporate_id
          where k.key_hash = any($1::text[])`,
};

export interface ApiKeyLookupRow {
  key_hash: string;
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

/** The key's row (none when no key has this hash), read with whatever other keys are asked now. */
export const lookupKeyByHash: (db: Db, keyHash: string) => Promise<ApiKeyLookupRow[]> = groupReadPer({
  read: (db: Db, hashes) => runStatement<ApiKeyLookupRow>(db, KEY_LOOKUP, [hashes]),
  keyOf: (r) => r.key_hash,
  pick: (rows) => rows,
  none: () => [],
});

/** Not async, for the same reason: the update's own promise. */
export const stampKeyLastUsed = (db: Db, id: string, at: Date) =>
  db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
