// The vending histories as CSV (the client's and the admin's), streamed: the history's filters
// read in keyset batches, written a batch at a time (columns as the portal has always exported).
import {
  channelWords,
  clientTypeWords,
  commissionModeWords,
  earnsCommission,
  koboToNairaString,
  maskToken,
  networkWords,
  platformWords,
  serviceTypeWords,
  statusWords,
} from '@vendport/shared';
import { csvChunks } from '../../../infra/csv';
import type { Db } from '../../../infra/db/client';
import { clientFailureReason } from '../records/vend-reads.service';
import {
  type VendExportBill,
  type VendExportFilter,
  type VendExportRow,
  vendExportBatches,
} from './vend-export.repo';

type CsvRow = { v: VendExportRow; bill: VendExportBill | null; corporateName: string };
export const vendCsvColumns = (admin: boolean): Array<[string, (r: CsvRow) => unknown]> => [
  ['Date', (r) => r.v.createdAt],
  ['Vend', (r) => r.v.code],
  ['Reference', (r) => r.v.reference],
  ...(admin
    ? ([
        ['Client', (r: CsvRow) => r.corporateName],
        ['Client type', (r: CsvRow) => clientTypeWords(r.v.clientType)],
      ] as Array<[string, (r: CsvRow) => unknown]>)
    : []),
  ['Channel', (r) => channelWords(r.v.channel)],
  ['Phone', (r) => r.v.msisdn],
  ['Network', (r) => networkWords(r.v.network)],
  ['Type', (r) => serviceTypeWords(r.v.serviceType)],
  ['Plan', (r) => r.v.planCode],
  ['Amount (NGN)', (r) => koboToNairaString(r.v.amountKobo)],
  ['Charged (NGN)', (r) => koboToNairaString(r.v.chargeKobo)],
  // Only a purchase that went through earns commission (as on screen, where these show "—").
  ['Commission (NGN)', (r) => (earnsCommission(r.v.status) ? koboToNairaString(r.v.commissionKobo) : '0.00')],
  ['Commission mode', (r) => (earnsCommission(r.v.status) ? commissionModeWords(r.v.commissionMode) : '')],
  ['Platform', (r) => platformWords(r.v.platform)],
  ['Status', (r) => statusWords(r.v.status)],
  // The client's words for everyone; the provider's own answer in the admin's export only.
  ['Failure reason', (r) => clientFailureReason(r.v)],
  ...(admin
    ? ([['Provider answer', (r: CsvRow) => r.v.failureReason]] as Array<[string, (r: CsvRow) => unknown]>)
    : []),
  ['Completed', (r) => r.v.completedAt],
  // A bill's facts (issue 51), after the columns clients already read by position; empty for
  // airtime and data. The token masked (****1234) in every export: a file travels.
  ['Biller', (r) => (r.bill?.billerCode ? networkWords(r.bill.billerCode) : '')],
  ['Customer number', (r) => r.bill?.customerNumber ?? ''],
  ['Customer name', (r) => r.bill?.customerName ?? ''],
  ['Token', (r) => maskToken(r.bill?.token) ?? ''],
];

/** The CSV of every vend matching `f`, newest first; `admin` adds the client's name and type. */
export function vendHistoryCsv(
  db: Db,
  f: VendExportFilter,
  opts: { admin: boolean },
): AsyncGenerator<string> {
  return csvChunks(vendCsvColumns(opts.admin), vendExportBatches(db, f, { names: opts.admin }));
}
