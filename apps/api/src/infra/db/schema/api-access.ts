// How a client's software reaches the vending API: its API keys and its IP allow-list.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates } from './identity';

/** A corporate's live and test API keys: a SHA-256 hash for lookup, the key itself only encrypted. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    mode: text('mode').notNull(),
    keyHash: text('key_hash').notNull(),
    keyEnc: text('key_enc').notNull(),
    last4: text('last4').notNull(),
    revokedAt: ts('revoked_at'),
    lastUsedAt: ts('last_used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('api_keys_hash_uq').on(t.keyHash),
    uniqueIndex('api_keys_active_uq').on(t.corporateId, t.mode).where(sql`${t.revokedAt} is null`),
  ],
);

export const ipAllowlist = pgTable(
  'ip_allowlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    address: text('address').notNull(),
    createdById: uuid('created_by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ip_allowlist_uq').on(t.corporateId, t.address)],
);

/**
 * One row: a number that every change to what an API call is answered from (a key's revocation
 * or mode, a client's status, test mode, commission terms or client type, its IP allow-list, its
 * service assignments, any service) raises, in the changing transaction (triggers, migration
 * 0020). A vend placed from a remembered API-key read carries the number it was read at, and its
 * debit is refused (STALE) when the number has moved since: nothing is ever debited on terms
 * that had changed before the debit.
 */
export const apiAccessGeneration = pgTable(
  'api_access_generation',
  {
    id: boolean('id').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('api_access_generation_one_row', sql`${t.id}`)],
);
