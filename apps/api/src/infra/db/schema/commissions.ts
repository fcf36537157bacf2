// Commission settlements: accrued commission paid out to a client's wallet, one transfer each.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates } from './identity';
import { ledgerTransfers } from './ledger';

export const commissionSettlements = pgTable(
  'commission_settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    vends: integer('vends').notNull(),
    /** ADMIN (an admin's action) or SCHEDULE (the settlement job). */
    trigger: text('trigger').notNull(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => ledgerTransfers.id),
    actorId: uuid('actor_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('commission_settlements_corporate_idx').on(t.corporateId, t.createdAt),
    uniqueIndex('commission_settlements_transfer_uq').on(t.transferId),
    check('commission_settlements_amount_positive', sql`${t.amountKobo} > 0`),
  ],
);
