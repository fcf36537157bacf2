// Email: every message is written to the outbox table first; with SMTP configured it is then
// sent through nodemailer and marked sent. Without SMTP the outbox (and the log) is the delivery.
import { eq } from 'drizzle-orm';
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

export class Mailer {
  private readonly transport: Transporter | null;
  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = config.SMTP_HOST
      ? nodemailer.createTransport({
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_SECURE,
          auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASS } : undefined,
        })
      : null;
  }

  /** Writes the message to the outbox within `db` (which may be a transaction), then delivers it. */
  async send(db: Db, mail: Mail): Promise<void> {
    const [row] = await db.insert(outboxEmails).values(mail).returning({ id: outboxEmails.id });
    if (!this.transport) {
      this.log.info({ to: mail.to, subject: mail.subject, outboxId: row.id }, 'email written to outbox (no SMTP configured)');
      return;
    }
    const transport = this.transport;
    // Delivery happens after the caller's transaction; a failure is recorded, never thrown at the user.
    setImmediate(async () => {
      try {
        await transport.sendMail({ from: this.config.MAIL_FROM, ...mail });
        await db.update(outboxEmails).set({ sentAt: new Date() }).where(eq(outboxEmails.id, row.id));
      } catch (err) {
        this.log.error({ err, outboxId: row.id }, 'email delivery failed');
        await db
          .update(outboxEmails)
          .set({ error: String((err as Error).message).slice(0, 500) })
          .where(eq(outboxEmails.id, row.id))
          .catch(() => {});
      }
    });
  }
}
