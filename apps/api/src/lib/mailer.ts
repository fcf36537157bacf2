// Email: every message is written to the outbox table first; with SMTP configured it is then
// sent through nodemailer and marked sent. Without SMTP the outbox (and the log) is the delivery.
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outboxEmails } from '../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** What an outbox row's text becomes once the message has been sent. */
export const SENT_TEXT_NOT_KEPT = '[sent; the text is not kept]';

export class Mailer {
  private readonly transport: Transporter | null;
  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    transport?: Transporter,
  ) {
    const smtp = config.SMTP_HOST
      ? nodemailer.createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_SECURE,
          auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
        })
      : null;
    this.transport = transport ?? smtp;
  }

  get delivers(): boolean {
    return this.transport !== null;
  }

  /**
   * Writes the message to the outbox within `db` (usually the caller's transaction), so it
   * exists exactly when the change that caused it commits. Delivery is the relay's job.
   */
  async send(db: Db, mail: Mail): Promise<void> {
    const [row] = await db.insert(outboxEmails).values(mail).returning({ id: outboxEmails.id });
    if (!this.transport) {
      this.log.info(
        { to: mail.to, subject: mail.subject, outboxId: row.id },
        'email written to outbox (no SMTP configured)',
      );
    }
  }

  /**
   * Sends up to `batch` waiting messages through SMTP. Rows are claimed with FOR UPDATE SKIP
   * LOCKED, so several app instances can relay the same outbox without sending twice.
   */
  async relay(db: Db, batch = 20): Promise<number> {
    const transport = this.transport;
    if (!transport) return 0;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxEmails)
        .where(and(isNull(outboxEmails.sentAt), isNull(outboxEmails.error)))
        .orderBy(asc(outboxEmails.createdAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      for (const m of rows) {
        try {
          await transport.sendMail({
            from: this.config.MAIL_FROM,
            to: m.to,
            subject: m.subject,
            text: m.text,
          });
          // Once sent, the text is not kept: it may hold a sign-in code or a temporary password,
          // which the code tables only ever store hashed.
          await tx
            .update(outboxEmails)
            .set({ sentAt: new Date(), text: SENT_TEXT_NOT_KEPT })
            .where(eq(outboxEmails.id, m.id));
        } catch (err) {
          this.log.error({ err, outboxId: m.id }, 'email delivery failed');
          await tx
            .update(outboxEmails)
            .set({ error: String((err as Error).message).slice(0, 500) })
            .where(eq(outboxEmails.id, m.id));
        }
      }
      return rows.length;
    });
  }
}
