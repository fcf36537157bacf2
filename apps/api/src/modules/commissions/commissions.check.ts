// The commissions invariant over the whole database (run by checkBooks (books.ts)): each
// settlement is the sum of the commission of the vends it settled (read through vending's SQL).
import { sql } from 'drizzle-orm';
import type { Invariant } from '../ledger';
import { settledCommissionOf } from '../vending';

/** Built when asked: vending's SQL is read at call time (modules import each other). */
export const commissionChecks = (): Invariant[] => [
  {
    name: 'each commission settlement is the sum of the commission of its vends',
    query: sql`select s.id::text as id from commission_settlements s
                where s.amount_kobo <> ${settledCommissionOf(sql.raw('s.id'))}`,
  },
];
