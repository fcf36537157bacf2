// Funding history for both areas: bank transfers, card payments and admin fundings in one list,
// newest first, with the spec's filters; and the same filtered set as CSV (streamed).
import {
  clientTypeWords,
  type FundingTransactionView,
  fundingMethodWords,
  koboToNairaString,
  statusWords,
} from '@vendport/shared';
import { csvChunks, lagosDateTime } from '../../../infra/csv';
import type { Db } from '../../../infra/db/client';
import { type FundingHistoryFilters, type FundingHistoryRow, fundingHistoryKeyset } from '../funding.repo';
import { fundingExportBatches } from './funding-export.repo';

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

/** The whole filtered history as CSV, streamed a batch at a time (funding-export.repo). */
export function fundingHistoryCsv(
  db: Db,
  filters: FundingHistoryFilters,
  opts: { withCorporate: boolean },
): AsyncGenerator<string> {
  const columns: Array<[string, (r: FundingTransactionView) => unknown]> = [
    ['Date', (r) => lagosDateTime(r.createdAt)],
    ['ID', (r) => r.code],
    ...(opts.withCorporate
      ? ([
          ['Corporate', (r) => r.corporateName],
          ['Client Type', (r) => (r.clientType ? clientTypeWords(r.clientType) : '')],
        ] as Array<[string, (r: FundingTransactionView) => unknown]>)
      : []),
    // The screen's words (issue 53 point 3): "Card", "Bank transfer (automatic)", "Pending".
    ['Channel', (r) => statusWords(r.channel)],
    ['Type', (r) => fundingMethodWords(r.channel, r.kind)],
    ['Amount (NGN)', (r) => koboToNairaString(r.amountKobo)],
    ['Fee (NGN)', (r) => koboToNairaString(r.feeKobo)],
    ['Status', (r) => statusWords(r.status)],
    ['Reference', (r) => r.reference],
    ['Note', (r) => r.note],
  ];
  return csvChunks(columns, viewsOf(fundingExportBatches(db, filters)));
}

async function* viewsOf(
  batches: AsyncIterable<FundingHistoryRow[]>,
): AsyncGenerator<FundingTransactionView[]> {
  for await (const rows of batches) yield rows.map(fundingTransactionView);
}
