// The runs list as the routes answer it: a page (spec §3 filters, the pager) or, with
// format=csv, every matching run as a CSV download (Lagos dates), streamed a batch at a time.
import {
  type autoTopupRunsQuery,
  koboToNairaString,
  maskToken,
  networkWords,
  serviceTypeWords,
  statusWords,
} from '@vendport/shared';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { csvChunks, sendCsvStream } from '../../infra/csv';
import type { Db } from '../../infra/db/client';
import { notFound } from '../../infra/errors';
import { keysetEnvelope } from '../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { corporateSummary } from '../corporates';
import { runOut, runReason } from './auto-topup.views';
import { type RunFilter, type RunListRow, runsPage } from './runs.repo';
import { runExportBatches } from './runs-export.repo';

type Query = z.output<typeof autoTopupRunsQuery>;

const columns: Array<[string, (r: RunListRow) => unknown]> = [
  ['Due', (r) => r.run.dueAt],
  ['Subscriber', (r) => r.subscriberName],
  ['Phone', (r) => r.run.msisdn],
  ['Network', (r) => networkWords(r.run.network)],
  ['Type', (r) => serviceTypeWords(r.run.serviceType)],
  ['Plan', (r) => r.run.planCode],
  [
    'Amount (NGN)',
    (r) => {
      const k = r.vendAmountKobo ?? r.run.amountKobo;
      return k === null ? '' : koboToNairaString(k);
    },
  ],
  ['Trigger', (r) => statusWords(r.run.trigger)],
  ['Status', (r) => statusWords(r.vendStatus ?? r.run.status)],
  ['Reason', (r) => runReason(r)],
  ['Vend', (r) => r.vendCode],
  ['Reference', (r) => r.run.reference],
  // Bills (after the columns a reader of the file already knows): the meter or smartcard, and the
  // token masked (never in full in an export).
  ['Customer number', (r) => r.run.customerNumber],
  ['Token', (r) => maskToken(r.billToken)],
];

export async function sendRuns(db: Db, reply: FastifyReply, corporateId: string, q: Query) {
  const filter: RunFilter = {
    corporateId,
    search: q.search,
    from: q.startDate ? lagosDayStart(q.startDate) : undefined,
    to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
    status: q.status,
    network: q.network,
    subscriberId: q.subscriberId,
    page: q.page,
    limit: q.limit,
  };
  if (q.format === 'csv')
    return sendCsvStream(
      reply,
      'auto-topup-transactions.csv',
      csvChunks(columns, runExportBatches(db, filter)),
    );
  return keysetEnvelope(
    'Auto top-up runs retrieved',
    await runsPage(db, { ...filter, cursor: q.cursor }),
    runOut,
  );
}

/** An admin's read of one client's runs: 404 for an unknown client. */
export async function sendClientRuns(db: Db, reply: FastifyReply, corporateId: string, q: Query) {
  if (!(await corporateSummary(db, corporateId))) throw notFound('Corporate client');
  return sendRuns(db, reply, corporateId, q);
}
