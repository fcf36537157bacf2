// Column helpers shared by every schema file.
import { timestamp } from 'drizzle-orm/pg-core';

/** A timestamp with time zone, read as a JS Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
