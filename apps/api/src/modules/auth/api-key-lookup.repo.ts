// The API-key lookup of the vending API calls: the key, its corporate, the corporate's IP
// allow-list and assigned services, and the API access generation they were read at, in ONE
// prepared statement; and the throttled last-used stamp. Calls that arrive while a lookup is
// running wait for the next one and share it (infra/group-commit.ts): one statement answers every
// key asked meanwhile, and each call is still answered by a read that started after it arrived.
// The vend call may instead be answered from the key's last read (api-key-auth.service
// authenticateApiKeyRemembered), which its debit checks against the generation (migration 0020).
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { apiKeys } from '../../infra/db/schema';
import { runStatement, type Statement } from '../../infra/db/sql';
import { groupReadPer } from '../../infra/group-commit';
import {
  ASSIGNED_SERVICE_IDS,
  SERVICES_JSON_WHERE_ID_IN,
  type ServiceJson,
  type ServiceRow,
  servicesFromJson,
} from '../catalogue';
import { CORPORATE_DIRECTORY_SQL } from '../corporates';
import { IP_ALLOWLIST_ARRAY } from '../ip-allowlist';

/**
 * The keys, their corporates, the corporates' IP allow-lists and the ids of their assigned active
 * services, by the keys' hashes; the rows of those services once for the whole statement (on one
 * row only: keys of many clients share their services, so each is built and sent once).
 */
const KEY_LOOKUP: Statement = {
  name: 'api_key_lookup',
  text: `with k as (
           select k.key_hash, k.id, k.corporate_id, k.mode, k.revoked_at, k.last_used_at,
                  c.status as corporate_status, c.test_mode, c.upfront_commission, c.client_type,
                  c.vending_hold, c.rate_key_per_s, c.rate_key_burst, c.rate_client_per_s,
                  c.rate_client_burst,
                  ${IP_ALLOWLIST_ARRAY('k.corporate_id')} as ip_allowlist,
                  ${ASSIGNED_SERVICE_IDS('k.corporate_id')} as service_ids
             from api_keys k
             join ${CORPORATE_DIRECTORY_SQL} c on c.id = k.corporate_id
            where k.key_hash = any($1::text[]))
         select k.*,
                (select g.n::text from api_access_generation g) as generation,
                case when row_number() over () = 1
                     then ${SERVICES_JSON_WHERE_ID_IN('select unnest(k2.service_ids)::uuid from k k2')} end as services
           from k`,
};

interface KeyLookupRaw extends Omit<ApiKeyLookupRow, 'services' | 'generation'> {
  generation: string;
  service_ids: string[];
  /** On one row of the statement: every service named by any row's service_ids. */
  services: ServiceJson[] | string | null;
}

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
  vending_hold: string | null;
  /** The client's rate-limit override (issue 34); null: the platform's default. */
  rate_key_per_s: number | null;
  rate_key_burst: number | null;
  rate_client_per_s: number | null;
  rate_client_burst: number | null;
  ip_allowlist: string[];
  /** The API access generation the row was read at (migration 0020), the same for every row. */
  generation: number;
  /** Its corporate's assigned, active services, oldest first (shared between calls: read only). */
  services: readonly ServiceRow[];
}

async function readKeys(db: Db, hashes: string[]): Promise<ApiKeyLookupRow[]> {
  const raw = await runStatement<KeyLookupRaw>(db, KEY_LOOKUP, [hashes]);
  const json = raw.find((r) => r.services != null)?.services ?? null;
  const byId = new Map(servicesFromJson(json).map((s) => [s.id, s]));
  return raw.map(({ service_ids, services: _, generation, ...row }) => ({
    ...row,
    generation: Number(generation),
    services: service_ids.flatMap((id) => byId.get(id) ?? []),
  }));
}

/** The key's row (none when no key has this hash), read with whatever other keys are asked now. */
export const lookupKeyByHash: (db: Db, keyHash: string) => Promise<ApiKeyLookupRow[]> = groupReadPer({
  read: readKeys,
  keyOf: (r) => r.key_hash,
  pick: (rows) => rows,
  none: () => [],
});

/** Not async, for the same reason: the update's own promise. */
export const stampKeyLastUsed = (db: Db, id: string, at: Date) =>
  db.update(apiKeys).set({ lastUsedAt: at }).where(eq(apiKeys.id, id));
