// Bills' plain reads as their routes call them (the repo's, re-exported: the one service that may).
import type { VendRowBill } from '@vendport/shared';
import type { Db } from '../../../infra/db/client';
import { billRowOut } from './bill-views';
import { vendBillsOf } from './bills.repo';

export { type BillFilter, billPage, findBill, findVendBill } from './bills.repo';

/**
 * The bills among these vends, as their rows show them (the token masked): other modules' reads
 * of a vend (the statement's lines) name a bill by its biller and customer through this.
 */
export async function billsOfVends(
  db: Db,
  vendIds: string[],
): Promise<Map<string, NonNullable<VendRowBill>>> {
  const rows = await vendBillsOf(db, vendIds);
  return new Map([...rows].map(([id, b]) => [id, billRowOut(b)!]));
}
