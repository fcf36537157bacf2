// Statements of a client's wallet, from the ledger: the balance at the period's start (opening),
// every credit and debit with its transfer reference, the closing balance, and a check line
// proving opening + credits − debits = closing (the database refuses a row where it does not
// hold). Periods are whole Lagos days: [Lagos midnight, Lagos midnight). The job makes the
// DAILY or WEEKLY statement once the period has ended; a client may ask for any past range.
import {
  addCalendarDays,
  formatLagosDate,
  koboToNairaString,
  lagosDateOf,
  weekdayOf,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { readableCode } from '../../infra/crypto';
import { lagosDateTime, toCsv } from '../../infra/csv';
import type { Db } from '../../infra/db/client';
import { badRequest, notFound } from '../../infra/errors';
import { lagosDayStart } from '../../infra/lagos-time';
import { callerOf, type RequestContext } from '../../infra/request-context';
import { corporateName } from '../corporates';
import { walletStatementLines } from '../ledger';
import * as repo from './reconciliation.repo';
import { statementWords } from './statement-kinds';

const DAY_MS = 24 * 3600_000;
/** A Lagos calendar day (YYYY-MM-DD) as DD/MM/YYYY. */
export const ddmmyyyy = (isoDate: string) => formatLagosDate(isoDate);

export type StatementKind = 'DAILY' | 'WEEKLY' | 'ON_DEMAND';

export interface Period {
  kind: StatementKind;
  /** First and last Lagos day covered. */
  fromDate: string;
  toDate: string;
}

/** The last DAILY or WEEKLY (Monday to Sunday) period that had ended by `now`. */
export function lastEndedPeriod(kind: 'DAILY' | 'WEEKLY', now: Date): Period {
  const today = lagosDateOf(now);
  if (kind === 'DAILY') {
    const d = addCalendarDays(today, -1);
    return { kind, fromDate: d, toDate: d };
  }
  const monday = addCalendarDays(today, -weekdayOf(today));
  return { kind, fromDate: addCalendarDays(monday, -7), toDate: addCalendarDays(monday, -1) };
}

const bounds = (p: Pick<Period, 'fromDate' | 'toDate'>) => ({
  start: lagosDayStart(p.fromDate),
  end: lagosDayStart(addCalendarDays(p.toDate, 1)),
});

/** The period as the CSV and the PDF show it; `cutAt`: a statement made before its last day ended. */
export function periodLabel(fromDate: string, toDate: string, cutAt: Date | null) {
  return cutAt
    ? `${ddmmyyyy(fromDate)} 12:00 AM to ${lagosDateTime(cutAt)} (Africa/Lagos; made before the last day ended)`
    : `${ddmmyyyy(fromDate)} to ${ddmmyyyy(toDate)} (Africa/Lagos, midnight to midnight)`;
}

export interface StatementFigures {
  openingKobo: number;
  creditsKobo: number;
  debitsKobo: number;
  closingKobo: number;
}

/** The check line, in words then in figures: opening + credits - debits = closing. */
export const checkLine = (f: StatementFigures, naira: (kobo: number) => string) =>
  `Check: opening + credits - debits = closing: ${naira(f.openingKobo)} + ${naira(f.creditsKobo)} - ${naira(f.debitsKobo)} = ${naira(f.closingKobo)}`;

/** `now`: a statement asked for while its last day runs covers that day up to now. */
export async function buildStatement(db: Db, corporateId: string, p: Period, now = new Date()) {
  const { start, end: dayEnd } = bounds(p);
  const end = dayEnd.getTime() > now.getTime() ? now : dayEnd;
  const { openingKobo, lines } = await walletStatementLines(db, corporateId, start, end);
  // Each movement by the code the client sees elsewhere (FR-, VND-, CP-, BT-, AF-) and in its words,
  // not the ledger's key and stored text (statement-kinds.ts).
  const words = await statementWords(db, lines);
  let creditsKobo = 0;
  let debitsKobo = 0;
  for (const l of lines) {
    if (l.amountKobo > 0) creditsKobo += l.amountKobo;
    else debitsKobo -= l.amountKobo;
  }
  const closingKobo = openingKobo + creditsKobo - debitsKobo;
  const name = (await corporateName(db, corporateId)) ?? '';
  const period = periodLabel(p.fromDate, p.toDate, end === dayEnd ? null : end);
  const naira = (k: number) => koboToNairaString(k);
  type Row = {
    date: string;
    reference: string;
    type: string;
    description: string;
    credit: string;
    debit: string;
    balance: string;
  };
  const blank = { date: '', reference: '', type: '', description: '', credit: '', debit: '', balance: '' };
  const rows: Row[] = [
    { ...blank, description: `Statement of account: ${name}` },
    { ...blank, description: `Period: ${period}` },
    { ...blank, date: ddmmyyyy(p.fromDate), description: 'Opening balance', balance: naira(openingKobo) },
    ...lines.map((l, i) => ({
      date: lagosDateTime(l.at),
      reference: words[i]!.code,
      type: words[i]!.type,
      description: words[i]!.description,
      credit: l.amountKobo > 0 ? naira(l.amountKobo) : '',
      debit: l.amountKobo < 0 ? naira(-l.amountKobo) : '',
      balance: naira(l.balanceAfterKobo),
    })),
    {
      ...blank,
      description: `Total credits (${lines.filter((l) => l.amountKobo > 0).length})`,
      credit: naira(creditsKobo),
    },
    {
      ...blank,
      description: `Total debits (${lines.filter((l) => l.amountKobo < 0).length})`,
      debit: naira(debitsKobo),
    },
    { ...blank, date: ddmmyyyy(p.toDate), description: 'Closing balance', balance: naira(closingKobo) },
    {
      ...blank,
      description: checkLine({ openingKobo, creditsKobo, debitsKobo, closingKobo }, naira),
    },
  ];
  const csv = toCsv(
    [
      ['Date', (r: Row) => r.date],
      ['Reference', (r: Row) => r.reference],
      ['Type', (r: Row) => r.type],
      ['Description', (r: Row) => r.description],
      ['Credit (NGN)', (r: Row) => r.credit],
      ['Debit (NGN)', (r: Row) => r.debit],
      ['Balance (NGN)', (r: Row) => r.balance],
    ],
    rows,
  );
  return { start, end, openingKobo, creditsKobo, debitsKobo, closingKobo, entryCount: lines.length, csv };
}

/** The last Lagos day a statement covers (its end is midnight after it, or an instant within it). */
export const lastDayOf = (s: repo.StatementRow) => lagosDateOf(new Date(s.periodEnd.getTime() - 1));

export function statementOut(s: repo.StatementRow) {
  return {
    id: s.id,
    code: s.code,
    kind: s.kind as StatementKind,
    fromDate: lagosDateOf(s.periodStart),
    toDate: lastDayOf(s),
    openingKobo: s.openingKobo,
    creditsKobo: s.creditsKobo,
    debitsKobo: s.debitsKobo,
    closingKobo: s.closingKobo,
    entryCount: s.entryCount,
    // Both are served for every stored statement (…/csv, …/pdf), whatever the format set now.
    formats: ['CSV', 'PDF'] as Array<'CSV' | 'PDF'>,
    createdAt: s.createdAt.toISOString(),
  };
}

export const statementFilename = (s: repo.StatementRow) =>
  `statement-${s.code}-${lagosDateOf(s.periodStart)}-to-${lastDayOf(s)}.csv`;

/** Builds and stores a statement; null when the scheduled one for the period exists already. */
export async function storeStatement(
  db: Db,
  corporateId: string,
  p: Period,
  createdById: string | null,
  now = new Date(),
) {
  const b = await buildStatement(db, corporateId, p, now);
  return repo.insertStatement(db, {
    code: readableCode('STM', 10),
    corporateId,
    kind: p.kind,
    periodStart: b.start,
    periodEnd: b.end,
    openingKobo: b.openingKobo,
    creditsKobo: b.creditsKobo,
    debitsKobo: b.debitsKobo,
    closingKobo: b.closingKobo,
    entryCount: b.entryCount,
    csv: b.csv,
    createdById,
  });
}

/** MAX_RANGE_DAYS: a statement on demand covers at most a year. */
export const MAX_RANGE_DAYS = 366;

export async function statementOnDemand(
  ctx: AppContext,
  rc: RequestContext,
  corporateId: string,
  range: { startDate: string; endDate: string },
  now = new Date(),
) {
  const actorId = callerOf(rc).userId;
  if (range.endDate > lagosDateOf(now)) {
    throw badRequest('The end date cannot be in the future (Lagos time)');
  }
  const days = (Date.parse(range.endDate) - Date.parse(range.startDate)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) throw badRequest(`A statement covers at most ${MAX_RANGE_DAYS} days`);
  return ctx.db.transaction(async (tx) => {
    const row = await storeStatement(
      tx,
      corporateId,
      { kind: 'ON_DEMAND', fromDate: range.startDate, toDate: range.endDate },
      actorId,
      now,
    );
    if (!row) throw new Error('on-demand statement not stored');
    await recordAudit(tx, rc, {
      action: 'reconciliation.statement.create',
      targetType: 'statement',
      targetId: row.code,
      summary: { startDate: range.startDate, endDate: range.endDate },
    });
    return row;
  });
}

export async function statementOf(db: Db, corporateId: string, id: string) {
  const row = await repo.findStatement(db, corporateId, id);
  if (!row) throw notFound('Statement');
  return row;
}
