// Column helpers shared by every schema file.
import { sql } from 'drizzle-orm';
import { timestamp, uuid } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a JS Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The id of a table written on every vend: a time-ordered UUID (version 7, RFC 9562: 48 bits of
 * milliseconds, then random bits; the database's uuid_v7(), migration 0021, or infra/crypto's
 * uuidV7). Its indexes then grow at their right end like a sequence's, instead of a random page
 * of each per row (issue 17: migration 0021 has the figures).
 */
export const timeOrderedId = () => uuid('id').primaryKey().default(sql`uuid_v7()`);
