// A stored statement as a PDF: the platform's name, the client's, the period in Lagos dates, the
// opening balance, every entry of the period (Lagos date and time, reference, description, credit,
// debit, balance after it), the totals, the closing balance and the check line of the CSV. The
// entries are read again from the ledger (append-only) over the statement's stored bounds, and the
// figures must equal the stored ones: a PDF never shows other numbers than the CSV.
import { addThousandsSeparators, koboToNairaString, lagosDateOf } from '@vendport/shared';
import type { AppContext } from '../../infra/context';
import { lagosDateTime } from '../../infra/csv';
import type { Db } from '../../infra/db/client';
import { conflict } from '../../infra/errors';
import { lagosDayStart } from '../../infra/lagos-time';
import { type PdfBlock, renderPdf } from '../../infra/pdf';
import { corporateName } from '../corporates';
import { walletStatementLines } from '../ledger';
import { platformSettings } from '../platform';
import type * as repo from './reconciliation.repo';
import { checkLine, lastDayOf, periodLabel, statementFilename, statementOf } from './statement.service';
import { statementWords } from './statement-kinds';

const count = (n: number, what: string) => `${n} ${what}${n === 1 ? '' : 's'}`;

/** Naira with thousands separators (the currency is named in the headings: NGN). */
const naira = (kobo: number) => addThousandsSeparators(koboToNairaString(kobo));

// A4 landscape: 762 points between the margins.
const COLUMNS = [
  { header: 'Date and time', width: 84 },
  { header: 'Reference', width: 232 },
  { header: 'Description', width: 206 },
  // Credit before debit, as in the CSV (statement.service) and its check line (issue 53 point 10).
  { header: 'Credit (NGN)', width: 80, align: 'right' as const },
  { header: 'Debit (NGN)', width: 80, align: 'right' as const },
  { header: 'Balance (NGN)', width: 80, align: 'right' as const },
];

export const statementPdfFilename = (s: repo.StatementRow) => statementFilename(s).replace(/\.csv$/, '.pdf');

export async function statementPdf(
  ctx: Pick<AppContext, 'config'>,
  db: Db,
  s: repo.StatementRow,
  clientName: string,
): Promise<string> {
  const [{ openingKobo, lines }, platform] = await Promise.all([
    walletStatementLines(db, s.corporateId, s.periodStart, s.periodEnd),
    platformSettings({ config: ctx.config, db }),
  ]);
  const credits = lines.filter((l) => l.amountKobo > 0);
  const debits = lines.filter((l) => l.amountKobo < 0);
  const creditsKobo = credits.reduce((sum, l) => sum + l.amountKobo, 0);
  const debitsKobo = -debits.reduce((sum, l) => sum + l.amountKobo, 0);
  const closingKobo = openingKobo + creditsKobo - debitsKobo;
  if (
    openingKobo !== s.openingKobo ||
    creditsKobo !== s.creditsKobo ||
    debitsKobo !== s.debitsKobo ||
    lines.length !== s.entryCount
  ) {
    // The ledger is append-only: this means an entry was backdated into a closed period.
    throw conflict('The ledger no longer matches this statement; make a new statement for the period');
  }
  // Each movement by the code the client sees elsewhere and in its words, as in the CSV.
  const words = await statementWords(db, lines);
  const fromDate = lagosDateOf(s.periodStart);
  const toDate = lastDayOf(s);
  const cut =
    lagosDayStart(lagosDateOf(s.periodEnd)).getTime() === s.periodEnd.getTime() ? null : s.periodEnd;
  const figures = { openingKobo, creditsKobo, debitsKobo, closingKobo };
  const blocks: PdfBlock[] = [
    { kind: 'text', text: platform.platformName, size: 18, bold: true },
    { kind: 'text', text: 'Statement of account', size: 13, bold: true },
    { kind: 'space', height: 6 },
    { kind: 'text', text: `Client: ${clientName}` },
    { kind: 'text', text: `Statement: ${s.code}` },
    {
      kind: 'text',
      text: `Period: ${periodLabel(fromDate, toDate, cut)}`,
    },
    { kind: 'space', height: 6 },
    { kind: 'text', text: `Opening balance: NGN ${naira(openingKobo)}`, bold: true },
    { kind: 'space', height: 8 },
    {
      kind: 'table',
      columns: COLUMNS,
      rows: [
        ...lines.map((l, i) => ({
          cells: [
            lagosDateTime(l.at),
            words[i]!.code,
            words[i]!.description,
            l.amountKobo > 0 ? naira(l.amountKobo) : '',
            l.amountKobo < 0 ? naira(-l.amountKobo) : '',
            naira(l.balanceAfterKobo),
          ],
        })),
        {
          bold: true,
          cells: [
            '',
            '',
            `Totals (${count(credits.length, 'credit')}, ${count(debits.length, 'debit')})`,
            naira(creditsKobo),
            naira(debitsKobo),
            '',
          ],
        },
      ],
    },
    { kind: 'space', height: 10 },
    { kind: 'text', text: `Closing balance: NGN ${naira(closingKobo)}`, bold: true },
    { kind: 'space', height: 4 },
    { kind: 'text', text: checkLine(figures, naira), size: 9 },
  ];
  if (!lines.length) blocks.splice(10, 0, { kind: 'text', text: 'No entries in this period.', size: 9 });
  return renderPdf({
    title: `${platform.platformName} statement ${s.code}`,
    landscape: true,
    footer: `${platform.platformName} - statement ${s.code} - ${clientName}`,
    blocks,
  });
}

/** One of the client's stored statements as a PDF (404 when it is not theirs). */
export async function storedStatementPdf(ctx: AppContext, corporateId: string, id: string) {
  const row = await statementOf(ctx.db, corporateId, id);
  const name = (await corporateName(ctx.db, corporateId)) ?? '';
  return { filename: statementPdfFilename(row), pdf: await statementPdf(ctx, ctx.db, row, name) };
}
