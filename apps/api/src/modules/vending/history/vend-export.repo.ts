// The vending histories' exports read here: the history's filters (vendWhere), newest first, in
// keyset batches on (created_at, id) (infra/db/keyset-stream: what that guarantees under
// concurrent vends).
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../infra/db/client';
import { keyCondition, keyOrder, keyTime } from '../../../infra/db/keyset';
import { keysetBatches } from '../../../infra/db/keyset-stream';
import { vendBills, vends } from '../../../infra/db/schema';
import { corporateNamesByIds } from '../../corporates';
import type { VendRow } from '../records/vends.repo';
import { VEND_KEY, type VendFilter, vendWhere } from './vend-history.repo';

export type VendExportFilter = Omit<VendFilter, 'page' | 'limit'>;

/** The columns an export prints (half the row: not the routes, hashes and transfer ids). */
const COLUMNS = {
  id: vends.id,
  corporateId: vends.corporateId,
  createdAt: vends.createdAt,
  code: vends.code,
  reference: vends.reference,
  clientType: vends.clientType,
  channel: vends.channel,
  msisdn: vends.msisdn,
  network: vends.network,
  serviceType: vends.serviceType,
  planCode: vends.planCode,
  amountKobo: vends.amountKobo,
  chargeKobo: vends.chargeKobo,
  commissionKobo: vends.commissionKobo,
  commissionMode: vends.commissionMode,
  platform: vends.platform,
  status: vends.status,
  failureReason: vends.failureReason,
  completedAt: vends.completedAt,
};
/** A bill's facts an export prints (issue 51); the token is masked by the export, never printed whole. */
const BILL_COLUMNS = {
  billerCode: vendBills.billerCode,
  customerNumber: vendBills.customerNumber,
  customerName: vendBills.customerName,
  token: vendBills.token,
};
export type VendExportRow = Pick<VendRow, keyof typeof COLUMNS>;
export type VendExportBill = {
  [K in keyof typeof BILL_COLUMNS]: (typeof BILL_COLUMNS)[K]['_']['data'] | null;
};

/**
 * The vends matching `f` in batches; with `names`, each with its client's name. Names are looked
 * up once per client per export (a map as large as the clients seen, not the rows): a name read
 * per row inside the statement cost most of a batch's time on a small directory.
 */
export async function* vendExportBatches(
  db: Db,
  f: VendExportFilter,
  opts: { names: boolean },
): AsyncGenerator<Array<{ v: VendExportRow; bill: VendExportBill | null; corporateName: string }>> {
  const where = vendWhere({ ...f, page: 1, limit: 1 });
  const names = new Map<string, string>();
  const batches = keysetBatches(
    (after, limit) =>
      db
        .select({ v: COLUMNS, bill: BILL_COLUMNS, kt: keyTime(vends.createdAt) })
        .from(vends)
        .leftJoin(vendBills, eq(vendBills.vendId, vends.id))
        .where(and(where, keyCondition(VEND_KEY, after && { op: '<', key: after })))
        .orderBy(...keyOrder(VEND_KEY, 'desc'))
        .limit(limit),
    (r) => ({ t: r.kt, id: r.v.id }),
  );
  for await (const rows of batches) {
    if (opts.names) {
      const unknown = [...new Set(rows.map((r) => r.v.corporateId).filter((id) => !names.has(id)))];
      for (const [id, name] of await corporateNamesByIds(db, unknown)) names.set(id, name);
    }
    yield rows.map((r) => ({ v: r.v, bill: r.bill, corporateName: names.get(r.v.corporateId) ?? '' }));
  }
}
