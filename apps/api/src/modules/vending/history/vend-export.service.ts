// The vending histories as CSV (the client's and the admin's), streamed: the history's filters
// read in keyset batches, written a batch at a time (columns as the portal has always exported).
import {
  channelWords,
  clientTypeWords,
  commissionModeWords,
  earnsCommission,
  koboToNairaString,
  networkWords,
  platformWords,
  serviceTypeWords,
  statusWords,
} from '@vendport/shared';
import { csvChunks } from '../../../infra/csv';
import type { Db } from '../../../infra/db/client';
import { clientFailureReason } from '../records/vend-reads.service';
import { type VendExportFilter, type VendExportRow, vendExportBatches } from './vend-export.repo';

type CsvRow = { v: VendExportRow; corporateName: string };
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
];

/** The CSV of every vend matching `f`, newest first; `admin` adds the client's name and type. */
export function vendHistoryCsv(
  db: Db,
  f: VendExportFilter,
  opts: { admin: boolean },
): AsyncGenerator<string> {
  return csvChunks(vendCsvColumns(opts.admin), vendExportBatches(db, f, { names: opts.admin }));
}
