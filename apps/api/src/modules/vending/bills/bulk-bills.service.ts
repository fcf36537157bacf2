// Bills in bulk from a CSV (issue 51 point 5), in two steps. The check: every row is read, its
// biller checked (assigned and enabled), its number verified with the provider (a verification of
// the same number from the last 10 minutes is reused), priced and resolved (limits, commission, a
// route), duplicate references found, and the total set against the balance; the answer lists each
// row with the verified customer or its error, and nothing is charged. The pay: the same check
// again (its verifications reused, so the provider is not asked twice), refused whole when any row
// is wrong or the wallet is short, then each row paid by payBill (the one bill lifecycle, channel
// BULK, idempotent by reference: the same file sent again pays nothing twice), each row's result.
import {
  type BillView,
  type BulkBillCheckRow,
  type BulkBillResultRow,
  type BulkBillsBody,
  type BulkBillsCheck,
  type BulkBillsResult,
  billerOf,
  billPayBodyOfCsvRow,
  formatNaira,
  portalBillPayBody,
  readBillsCsv,
} from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import { readableCode } from '../../../infra/crypto';
import { AppError, badRequest, invalidRows, notFound } from '../../../infra/errors';
import { mapLimit } from '../../../infra/map-limit';
import { callerOf, corporateOfCaller, type RequestContext } from '../../../infra/request-context';
import * as bulkFile from '../bulk/bulk-file';
import { resolveVend, type VendCaller, vendMode } from '../lifecycle/place-vend.service';
import { findVendByReference, type VendClient, vendClient } from '../records/vends.repo';
import { billMessage, billOut } from './bill-views';
import { findVendBill } from './bills.repo';
import {
  type BillPayInput,
  billRequestHash,
  type PricedBill,
  payBill,
  placeBill,
  prepareBill,
} from './pay.service';
import { billClientCheck, verifyWith } from './verify.service';

/** Rows verified with their billers at once (each a provider call of up to its timeout). */
const VERIFY_CONCURRENCY = 4;

/** A row checked: its view, what it pays (null: refused) and, unless it was paid already, its
 * price, so that paying the file does not check each row a second time. */
type Checked = { view: BulkBillCheckRow; input: BillPayInput | null; priced?: PricedBill };

const blankRow = (row: number, reference: string): BulkBillCheckRow => ({
  row,
  reference,
  biller: null,
  billerName: null,
  kind: null,
  customerNumber: null,
  meterType: null,
  subscriptionType: null,
  bouquetName: null,
  customerName: null,
  address: null,
  verificationId: null,
  amountKobo: null,
  amount: null,
  chargeKobo: null,
  charge: null,
  paidAs: null,
  error: null,
});

async function checkRow(
  ctx: AppContext,
  caller: VendCaller,
  found: VendClient,
  view: BulkBillCheckRow,
  input: BillPayInput,
): Promise<Checked> {
  const mode = vendMode(caller.keyMode, found.corp);
  const info = billerOf(input.biller);
  Object.assign(view, {
    biller: input.biller,
    billerName: info?.name ?? input.biller,
    kind: info?.kind ?? null,
    customerNumber: input.customerNumber,
    meterType: input.meterType ?? null,
    subscriptionType: input.subscriptionType ?? null,
    amountKobo: input.amount ?? null,
    amount: input.amount === undefined ? null : formatNaira(input.amount),
  });
  try {
    const existing = await findVendByReference(ctx.db, found.corp.id, mode, view.reference);
    if (existing) {
      const bill = await findVendBill(ctx.db, existing.id);
      if (!bill || existing.requestHash !== billRequestHash(input))
        throw new AppError(
          'IDEMPOTENCY_CONFLICT',
          409,
          `The reference ${view.reference} was already used for a different request`,
        );
      Object.assign(view, {
        customerName: bill.customerName,
        address: bill.customerAddress,
        bouquetName: bill.bouquetName,
        verificationId: bill.verificationId,
        amountKobo: existing.amountKobo,
        amount: formatNaira(existing.amountKobo),
        chargeKobo: 0,
        charge: formatNaira(0),
        paidAs: existing.code,
      });
      return { view, input };
    }
    const service = billClientCheck(found, input.biller);
    const verification = await verifyWith(ctx, found.corp.id, mode, service, input, { reuse: true });
    Object.assign(view, {
      customerName: verification.customerName,
      address: verification.address,
      verificationId: verification.id,
    });
    const { p, bouquet } = await prepareBill(ctx, caller, found, service, input, verification);
    const resolved = await resolveVend(ctx, p, found.services);
    Object.assign(view, {
      bouquetName: bouquet.name,
      amountKobo: resolved.amountKobo,
      amount: formatNaira(resolved.amountKobo),
      chargeKobo: resolved.chargeKobo,
      charge: formatNaira(resolved.chargeKobo),
    });
    return {
      view,
      input: { ...input, verificationId: verification.id },
      priced: { resolved, verification, bouquet },
    };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    view.error = err.message;
    return { view, input: null };
  }
}

/** Every row of the file checked; a file that cannot be read at all is a 400. */
async function checkFile(
  ctx: AppContext,
  caller: VendCaller,
  found: VendClient,
  body: BulkBillsBody,
): Promise<{ batch: string; rows: Checked[] }> {
  const file = readBillsCsv(body.csv);
  if ('error' in file) throw badRequest(file.error);
  const batch = body.batchReference ?? readableCode('BLK', 10);
  const repeated = bulkFile.referenceTracker();
  const read = file.rows.map((raw, i) => {
    const rowNo = i + 1;
    const reference = bulkFile.rowReference(raw.reference, batch, rowNo);
    const view = blankRow(rowNo, reference);
    const parsed = portalBillPayBody.safeParse(billPayBodyOfCsvRow(raw, reference));
    if (!parsed.success) {
      Object.assign(view, {
        biller: raw.biller ?? null,
        billerName: raw.biller ? (billerOf(raw.biller)?.name ?? raw.biller) : null,
        customerNumber: raw.customerNumber ?? null,
      });
      view.error = [...new Set(parsed.error.issues.map((x) => x.message))].join('; ');
      return { view, input: null };
    }
    const twice = repeated(reference, rowNo);
    if (twice) {
      view.error = twice.charAt(0).toUpperCase() + twice.slice(1);
      return { view, input: null };
    }
    return { view, input: { ...parsed.data, reference } as BillPayInput };
  });
  const rows = await mapLimit(read, VERIFY_CONCURRENCY, (r) =>
    r.input ? checkRow(ctx, caller, found, r.view, r.input) : Promise.resolve(r),
  );
  return { batch, rows };
}

function bulkCaller(rc: RequestContext): VendCaller {
  return { corporateId: corporateOfCaller(rc), channel: 'BULK', userId: callerOf(rc).userId };
}

async function clientOf(ctx: AppContext, caller: VendCaller): Promise<VendClient> {
  const found = await vendClient(ctx.db, caller.corporateId);
  if (!found) throw notFound('Corporate client');
  return found;
}

/** Step 1: every row verified and priced; nothing is charged. */
export async function checkBulkBills(
  ctx: AppContext,
  rc: RequestContext,
  body: BulkBillsBody,
): Promise<BulkBillsCheck> {
  const caller = bulkCaller(rc);
  const found = await clientOf(ctx, caller);
  const { batch, rows } = await checkFile(ctx, caller, found, body);
  const ready = rows.filter((r) => r.input);
  const totalChargeKobo = ready.reduce((s, r) => s + (r.view.chargeKobo ?? 0), 0);
  const availableKobo = await bulkFile.availableToSpend(ctx, caller, found.corp);
  return {
    batchReference: batch,
    rows: rows.map((r) => r.view),
    total: rows.length,
    ready: ready.length,
    invalid: rows.length - ready.length,
    totalChargeKobo,
    totalCharge: formatNaira(totalChargeKobo),
    availableKobo,
    available: formatNaira(Math.max(0, availableKobo)),
    enough: totalChargeKobo <= availableKobo,
  };
}

const resultOf = (row: BulkBillCheckRow, input: BillPayInput, bill: BillView | null) => ({
  row: row.row,
  reference: row.reference,
  biller: input.biller,
  customerNumber: input.customerNumber,
  bill,
});

/** Step 2: the file checked again, refused whole on any bad row or a short wallet, then each row paid. */
export async function payBulkBills(
  ctx: AppContext,
  rc: RequestContext,
  body: BulkBillsBody,
): Promise<BulkBillsResult> {
  const caller = bulkCaller(rc);
  const found = await clientOf(ctx, caller);
  const { batch, rows } = await checkFile(ctx, caller, found, body);
  const bad = rows.filter((r) => !r.input);
  if (bad.length)
    throw invalidRows(
      bad.map((r) => `Row ${r.view.row}: ${r.view.error}`),
      'nothing was charged',
    );
  const total = rows.reduce((s, r) => s + (r.view.chargeKobo ?? 0), 0);
  bulkFile.refuseShortfall(total, await bulkFile.availableToSpend(ctx, caller, found.corp));

  const results = await mapLimit(
    rows,
    bulkFile.ROWS_AT_ONCE,
    async ({ view, input, priced }): Promise<BulkBillResultRow> => {
      const bill = input!;
      try {
        // A row priced by the check above is paid as priced; one paid already answers with it.
        const res = priced ? await placeBill(ctx, priced, bill) : await payBill(ctx, caller, bill, found);
        const out = resultOf(view, bill, billOut(res.vend, res.bill, 'MASKED'));
        const message = billMessage(res.vend, res.bill);
        return {
          ...out,
          ok: res.vend.status === 'SUCCESSFUL' || res.vend.status === 'PENDING',
          code: null,
          message: res.replay ? `Already paid earlier (${res.vend.code}): ${message}` : message,
        };
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        return { ...resultOf(view, bill, null), ok: false, code: err.code, message: err.message };
      }
    },
  );
  const counts = bulkFile.bulkCounts(results.map((r) => ({ ok: r.ok, status: r.bill?.status ?? null })));
  await bulkFile.auditBulk(ctx, rc, 'bill.bulk', counts);
  return { batchReference: batch, rows: results, ...counts };
}
