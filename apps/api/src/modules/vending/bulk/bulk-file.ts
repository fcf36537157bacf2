// What a bulk file needs whatever it buys (airtime and data in bulk-vend.service, bills in
// bills/bulk-bills.service): each row's reference, a reference used twice in one file, the
// wallet's room for the file's total (refused whole, nothing charged), and the audit entry with
// the file's counts.
import { formatNaira } from '@vendport/shared';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { AppError } from '../../../infra/errors';
import type { RequestContext } from '../../../infra/request-context';
import { corporateBalances } from '../../ledger';
import { type VendCaller, vendMode } from '../lifecycle/place-vend.service';
import type { VendCorporate } from '../records/vends.repo';

/** Rows of a file paid at once (each a vend through the one lifecycle, a provider call among them). */
export const ROWS_AT_ONCE = 4;

/** A row's reference: its own, or <batch>-<row> (so the same file sent again pays nothing twice). */
export const rowReference = (own: string | undefined, batch: string, rowNo: number) =>
  own ?? `${batch}-${rowNo}`;

/** References seen so far in one file: the message for a reference already on an earlier row. */
export function referenceTracker() {
  const seen = new Map<string, number>();
  return (reference: string, rowNo: number): string | null => {
    const first = seen.get(reference);
    if (first !== undefined) return `the reference ${reference} is also on row ${first}`;
    seen.set(reference, rowNo);
    return null;
  };
}

/** What the client can spend on a file: the sandbox balance in test mode, else the wallet above its floor. */
export async function availableToSpend(
  ctx: AppContext,
  caller: VendCaller,
  corp: VendCorporate,
): Promise<number> {
  const balances = await corporateBalances(ctx.db, caller.corporateId);
  return vendMode(caller.keyMode, corp) === 'TEST'
    ? balances.sandboxKobo
    : balances.walletKobo - balances.floorKobo;
}

/** A file whose total is more than the client can spend is refused whole (402). */
export function refuseShortfall(totalKobo: number, availableKobo: number): void {
  if (totalKobo > availableKobo)
    throw new AppError(
      'INSUFFICIENT_FUNDS',
      402,
      `The file needs ${formatNaira(totalKobo)} but ${formatNaira(Math.max(0, availableKobo))} is available; nothing was charged`,
    );
}

export interface BulkCounts {
  total: number;
  successful: number;
  pending: number;
  failed: number;
}

/** A row's outcome as the file's counts see it: the status of its vend, or not paid at all. */
export function bulkCounts(rows: ReadonlyArray<{ ok: boolean; status: string | null }>): BulkCounts {
  return {
    total: rows.length,
    successful: rows.filter((r) => r.status === 'SUCCESSFUL').length,
    pending: rows.filter((r) => r.status === 'PENDING').length,
    failed: rows.filter((r) => !r.ok).length,
  };
}

/** The file's audit entry: its counts only (no numbers, no tokens). */
export async function auditBulk(
  ctx: AppContext,
  rc: RequestContext,
  action: 'vend.bulk' | 'bill.bulk',
  c: BulkCounts,
): Promise<void> {
  await recordAudit(ctx.db, rc, {
    action,
    targetType: 'vend',
    summary: { rows: c.total, successful: c.successful, pending: c.pending, failed: c.failed },
  });
}
