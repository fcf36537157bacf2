// A vend's receipt for its client (issue 51 points 3 and 5): the PDF download, and a successful
// bill's receipt sent to the customer by email (the outbox, with the PDF attached) and/or SMS
// (Termii, infra/sms.ts). Only the vend's own client reaches either (another client's id is 404),
// each is audited with the token and the destinations masked, and one bill is sent at most
// SENDS_PER_HOUR times an hour, a client's bills CLIENT_SENDS_PER_HOUR times (counted on the
// audit trail: what was sent is what was recorded).
import { type billSendBody, maskEmail, maskPhone, maskToken, statusWords } from '@vendport/shared';
import type { z } from 'zod';
import { countAuditsSince, recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { AppError, conflict, notFound } from '../../../infra/errors';
import type { RequestContext } from '../../../infra/request-context';
import { smsSender } from '../../../infra/sms';
import { platformSettings } from '../../platform';
import { findBill, findVendBill } from '../bills/bill-reads.service';
import { findVendRef } from '../records/vend-reads.service';
import { receiptFacts, receiptFilename, receiptPdf, receiptSms, receiptText } from './receipt';

export const SENDS_PER_HOUR = 5;
/** All of a client's bills together: each send is an email or an SMS the platform pays for. */
export const CLIENT_SENDS_PER_HOUR = 100;
export const SMS_NOT_CONFIGURED =
  'SMS is not configured on this platform: the receipt cannot be sent to a phone. Send it by email instead.';

/** The PDF receipt of one of the client's vends (airtime, data or a bill); audited. */
export async function vendReceipt(ctx: AppContext, rc: RequestContext, corporateId: string, ref: string) {
  const found = await findVendRef(ctx.db, ref, corporateId);
  if (!found) throw notFound('Vend');
  const bill = await findVendBill(ctx.db, found.v.id);
  const pdf = receiptPdf(await platformSettings(ctx), found.v, bill, found.corporateName ?? '');
  await recordAudit(ctx.db, rc, {
    action: 'vend.receipt',
    targetType: 'vend',
    targetId: found.v.id,
    summary: { vend: found.v.code, masked: maskToken(bill?.token) },
  });
  return { filename: receiptFilename(found.v), pdf };
}

/** Sends a successful bill's receipt to the customer's email and/or phone. */
export async function sendBillReceipt(
  ctx: AppContext,
  rc: RequestContext,
  corporateId: string,
  id: string,
  body: z.output<typeof billSendBody>,
) {
  const x = await findBill(ctx.db, id, corporateId);
  if (!x) throw notFound('Bill');
  const { v, b } = x;
  if (v.status !== 'SUCCESSFUL')
    throw conflict(
      `Only a successful payment has a receipt to send: this one is ${statusWords(v.status).toLowerCase()}`,
    );
  const sms = body.phone ? smsSender(ctx.config) : null;
  if (body.phone && !sms) throw new AppError('SERVICE_UNAVAILABLE', 503, SMS_NOT_CONFIGURED);
  const hourAgo = new Date(Date.now() - 60 * 60_000);
  const [sentOfBill, sentOfClient] = await Promise.all([
    countAuditsSince(ctx.db, { corporateId, action: 'bill.send', targetId: v.id, since: hourAgo }),
    countAuditsSince(ctx.db, { corporateId, action: 'bill.send', since: hourAgo }),
  ]);
  if (sentOfBill >= SENDS_PER_HOUR)
    throw new AppError(
      'TOO_MANY_REQUESTS',
      429,
      `This receipt has already been sent ${SENDS_PER_HOUR} times in the last hour; try again later`,
    );
  if (sentOfClient >= CLIENT_SENDS_PER_HOUR)
    throw new AppError(
      'TOO_MANY_REQUESTS',
      429,
      `Your account has sent ${CLIENT_SENDS_PER_HOUR} receipts in the last hour; try again later`,
    );

  const platform = await platformSettings(ctx);
  const masked = {
    email: body.email ? maskEmail(body.email) : null,
    phone: body.phone ? maskPhone(body.phone) : null,
  };
  let messageId: string | null = null;
  if (body.phone && sms) {
    // First the SMS, the one that can fail: a refusal or no confirmation changes nothing here.
    const outcome = await sms.send(body.phone, receiptSms(v, b, platform.platformName));
    ctx.log.info(
      { vendId: v.id, to: masked.phone, outcome: outcome.status },
      'bill receipt SMS (text not logged)',
    );
    if (outcome.status === 'REFUSED')
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        502,
        `The SMS gateway refused the message (${outcome.reason}). Nothing was sent${body.email ? ', by email either' : ''}.`,
      );
    if (outcome.status === 'UNKNOWN')
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        504,
        `The SMS gateway did not confirm the message: it may still arrive. Ask the customer before sending it again${body.email ? '; the email was not sent' : ''}.`,
      );
    messageId = outcome.messageId;
  }
  // What the email carries is made before the transaction, which only writes the outbox and audit.
  const facts = receiptFacts(v, b, x.corporateName ?? '');
  const pdf = body.email ? receiptPdf(platform, v, b, x.corporateName ?? '') : null;
  await ctx.db.transaction(async (tx) => {
    if (body.email && pdf !== null) {
      await ctx.mailer.send(tx, {
        to: body.email,
        subject: `${v.mode === 'TEST' ? '[TEST] ' : ''}Your receipt for ${facts.find((f) => f.label === 'Biller')?.value ?? 'your bill'} (${v.code})`,
        text: `Thank you for your payment. Your receipt:\n\n${receiptText(facts)}\n\nThe receipt is attached as a PDF.\n${platform.platformName}`,
        attachments: [
          {
            filename: receiptFilename(v),
            contentType: 'application/pdf',
            content: pdf,
          },
        ],
      });
    }
    await recordAudit(tx, rc, {
      action: 'bill.send',
      targetType: 'vend',
      targetId: v.id,
      summary: {
        vend: v.code,
        masked: maskToken(b.token),
        email: masked.email,
        phone: masked.phone,
        smsReference: messageId,
      },
    });
  });
  return masked;
}
