// Funding history for both areas: bank transfers, card payments and admin fundings in one list,
// newest first, with the spec's filters; and the same filtered set as CSV.
import { type FundingTransactionView, koboToNairaString } from '@vendport/shared';
import { CSV_EXPORT_LIMIT, lagosDateTime, toCsv } from '../../infra/csv';
import type { Db } from '../../infra/db/client';
import {
  type FundingHistoryFilters,
  type FundingHistoryRow,
  fundingHistoryKeyset,
  listFundingHistory,
} from './funding.repo';

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

export function fundingTransactionView(r: FundingHistoryRow): FundingTransactionView {
  const amountKobo = Number(r.amount_kobo);
  const feeKobo = Number(r.fee_kobo);
  return {
    id: r.id,
    code: r.code,
    channel: r.channel,
    kind: r.kind,
    corporateId: r.corporate_id,
    corporateName: r.corporate_name,
    clientType: r.client_type,
    amountKobo,
    feeKobo,
    status: r.status as FundingTransactionView['status'],
    reference: r.reference,
    note: r.note,
    createdAt: iso(r.created_at)!,
    completedAt: iso(r.completed_at),
  };
}

/** One page of the history, by keyset (the screens' pager). */
export async function fundingHistoryPage(
  db: Db,
  filters: FundingHistoryFilters,
  page: { page: number; limit: number; cursor?: string },
) {
  return fundingHistoryKeyset(db, filters, page);
}

export async function fundingHistoryCsv(
  db: Db,
  filters: FundingHistoryFilters,
  opts: { withCorporate: boolean },
): Promise<string> {
  const { rows } = await listFundingHistory(db, filters, {
    page: 1,
    limit: CSV_EXPORT_LIMIT,
    withTotal: false,
  });
  const columns: Array<[string, (r: FundingTransactionView) => unknown]> = [
    ['Date', (r) => lagosDateTime(r.createdAt)],
    ['ID', (r) => r.code],
    ...(opts.withCorporate
      ? ([
          ['Corporate', (r) => r.corporateName],
          ['Client Type', (r) => r.clientType],
        ] as Array<[string, (r: FundingTransactionView) => unknown]>)
      : []),
    ['Channel', (r) => r.channel],
    ['Type', (r) => r.kind],
    ['Amount (NGN)', (r) => koboToNairaString(r.amountKobo)],
    ['Fee (NGN)', (r) => koboToNairaString(r.feeKobo)],
    ['Status', (r) => r.status],
    ['Reference', (r) => r.reference],
    ['Note', (r) => r.note],
  ];
  return toCsv(columns, rows.map(fundingTransactionView));
}
