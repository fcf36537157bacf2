// Sends a statement where the client's settings say: each email address (the CSV attached, and
// the PDF too when the format is CSV and PDF), and in-app.
import { formatNaira, type StatementFormat } from '@vendport/shared';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import type { MailAttachment } from '../../infra/mailer';
import { corporateName } from '../corporates';
import { notifyCorporate } from '../notifications';
import type * as repo from './reconciliation.repo';
import { ddmmyyyy, statementFilename, statementOut } from './statement.service';
import { statementPdf, statementPdfFilename } from './statement-pdf';

export async function deliverStatement(
  ctx: AppContext,
  db: Db,
  s: repo.StatementRow,
  to: { emails: string[]; inApp: boolean; format: StatementFormat },
) {
  const v = statementOut(s);
  const period =
    v.fromDate === v.toDate ? ddmmyyyy(v.fromDate) : `${ddmmyyyy(v.fromDate)} to ${ddmmyyyy(v.toDate)}`;
  const subject = `Your VendPort statement for ${period}`;
  const withPdf = to.format === 'CSV_PDF';
  const attached = withPdf
    ? 'the CSV and the PDF are attached to the email'
    : 'the CSV is attached to the email';
  const body = `Statement ${s.code} for ${period}: opening balance ${formatNaira(s.openingKobo)}, credits ${formatNaira(s.creditsKobo)}, debits ${formatNaira(s.debitsKobo)}, closing balance ${formatNaira(s.closingKobo)} (${s.entryCount} entries). Download it from Settings in your dashboard${to.emails.length ? `; ${attached}` : ''}.`;
  const attachments: MailAttachment[] = [
    { filename: statementFilename(s), contentType: 'text/csv', content: s.csv },
  ];
  if (withPdf && to.emails.length) {
    const name = (await corporateName(db, s.corporateId)) ?? '';
    attachments.push({
      filename: statementPdfFilename(s),
      contentType: 'application/pdf',
      content: await statementPdf(ctx, db, s, name),
    });
  }
  for (const email of to.emails) {
    await ctx.mailer.send(db, {
      to: email,
      subject,
      text: `${body}\n\n${ctx.config.PUBLIC_URL}/dashboard/settings`,
      attachments,
    });
  }
  if (to.inApp) await notifyCorporate(db, s.corporateId, 'Statement ready', body);
}
