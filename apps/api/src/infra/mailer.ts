// Email: every message is written to the outbox table first; with SMTP configured it is then
// sent through nodemailer and marked sent. Without SMTP the outbox (and the log) is the delivery.
// Turning SMTP on does not send what the outbox held before (issue 36): the relay sends only what
// was written since the server was turned on, and never a message whose content (a one-time
// code) has expired; the rest stays in the outbox, readable, unsent.
// Which SMTP server: the platform settings' when an admin has set and enabled them (the platform
// module hands the mailer a source of them), else the environment's (SMTP_*), else none.
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gt, gte, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from './config';
import type { Db } from './db/client';
import { outboxEmails } from './db/schema';

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** When what the message carries stops working (a one-time code): it is never sent after. */
  expiresAt?: Date;
}

/** What an outbox row's text becomes once the message has been sent. */
export const SENT_TEXT_NOT_KEPT = '[sent; the text is not kept]';

export interface SmtpOptions {
  host: string;
  port: number;
  secure: boolean;
  user?: string;
  pass?: string;
}
export type SmtpVia = 'SETTINGS' | 'ENVIRONMENT';
/**
 * Where the SMTP server comes from at this moment (null: none, the outbox only), and since when it
 * has been on: the relay sends only what was written from then on (null: all that waits, as with
 * the environment's server, on from the start).
 */
export type SmtpSource = () => Promise<{ via: SmtpVia; options: SmtpOptions; since?: Date | null } | null>;

export const envSmtp = (config: Config): { via: SmtpVia; options: SmtpOptions } | null =>
  config.SMTP_HOST
    ? {
        via: 'ENVIRONMENT',
        options: {
          host: config.SMTP_HOST,
          port: config.SMTP_PORT,
          secure: config.SMTP_SECURE,
          user: config.SMTP_USER,
          pass: config.SMTP_PASS,
        },
      }
    : null;

/** How long one SMTP exchange may take before it counts as failed (connect, greeting, send). */
const SMTP_TIMEOUT_MS = 15_000;

export function smtpTransport(o: SmtpOptions): Transporter {
  return nodemailer.createTransport({
    host: o.host,
    port: o.port,
    secure: o.secure,
    auth: o.user ? { user: o.user, pass: o.pass ?? '' } : undefined,
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
}

type Row = typeof outboxEmails.$inferSelect;

export class Mailer {
  private source: SmtpSource;
  private cached: { key: string; transport: Transporter } | null = null;
  constructor(
    private readonly config: Config,
    private readonly log: FastifyBaseLogger,
    /** A fixed transport (tests): used whatever the settings say. */
    private readonly fixed?: Transporter,
  ) {
    this.source = async () => envSmtp(config);
  }

  /** Where the SMTP server is read from (the platform settings, see modules/platform). */
  useSource(source: SmtpSource) {
    this.source = source;
    this.cached = null;
  }

  /** The transport to use now and where its settings came from; null when mail stays in the outbox. */
  async transportNow(): Promise<{
    transport: Transporter;
    via: SmtpVia | 'FIXED';
    since: Date | null;
  } | null> {
    if (this.fixed) return { transport: this.fixed, via: 'FIXED', since: null };
    const s = await this.source();
    if (!s) return null;
    // The key is a hash, so no password sits in memory beyond nodemailer's own copy.
    const key = createHash('sha256').update(JSON.stringify(s.options)).digest('hex');
    if (this.cached?.key !== key) {
      this.cached?.transport.close();
      this.cached = { key, transport: smtpTransport(s.options) };
    }
    return { transport: this.cached.transport, via: s.via, since: s.since ?? null };
  }

  /**
   * Writes the message to the outbox within `db` (usually the caller's transaction), so it
   * exists exactly when the change that caused it commits. Delivery is the relay's job.
   */
  async send(db: Db, mail: Mail): Promise<string> {
    const [id] = await writeOutbox(db, [mail]);
    this.log.info({ to: mail.to, subject: mail.subject, outboxId: id }, 'email written to outbox');
    return id;
  }

  /** Sends one outbox row; records the answer on the row. Returns the server's reply or error. */
  private async deliver(db: Db, transport: Transporter, m: Row): Promise<{ ok: boolean; answer: string }> {
    try {
      const info = await transport.sendMail({
        from: this.config.MAIL_FROM,
        to: m.to,
        subject: m.subject,
        text: m.text,
        attachments: m.attachments ?? undefined,
      });
      // Once sent, the text is not kept: it may hold a sign-in code or a temporary password,
      // which the code tables only ever store hashed.
      await db
        .update(outboxEmails)
        .set({ sentAt: new Date(), text: SENT_TEXT_NOT_KEPT, attachments: null })
        .where(eq(outboxEmails.id, m.id));
      const answer = typeof info.response === 'string' && info.response ? info.response : 'accepted';
      return { ok: true, answer };
    } catch (err) {
      const answer = String((err as Error).message).slice(0, 500);
      this.log.error({ err, outboxId: m.id }, 'email delivery failed');
      await db.update(outboxEmails).set({ error: answer }).where(eq(outboxEmails.id, m.id));
      return { ok: false, answer };
    }
  }

  /**
   * Sends up to `batch` waiting messages through SMTP: those written since the server was turned
   * on, whose content has not expired. Rows are claimed with FOR UPDATE SKIP LOCKED, so several
   * app instances can relay the same outbox without sending twice.
   */
  async relay(db: Db, batch = 20, now = new Date()): Promise<number> {
    const t = await this.transportNow();
    if (!t) return 0;
    return db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(outboxEmails)
        .where(
          and(
            isNull(outboxEmails.sentAt),
            isNull(outboxEmails.error),
            t.since ? gte(outboxEmails.createdAt, t.since) : undefined,
            or(isNull(outboxEmails.expiresAt), gt(outboxEmails.expiresAt, now)),
          ),
        )
        .orderBy(asc(outboxEmails.createdAt))
        .limit(batch)
        .for('update', { skipLocked: true });
      for (const m of rows) await this.deliver(tx, t.transport, m);
      return rows.length;
    });
  }

  /**
   * Writes `mail` to the outbox and sends it at once through `transport` (a test email: the
   * admin waits for the server's answer). The row records the outcome like a relayed one.
   */
  async sendNow(db: Db, mail: Mail, transport: Transporter) {
    const id = await this.send(db, mail);
    const [row] = await db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
    return { outboxId: id, ...(await this.deliver(db, transport, row)) };
  }
}

/** The outbox's one writer: the messages, in the caller's transaction; their ids, in order. The
 * mailer's send and the notifications' emails both write through it. */
export async function writeOutbox(db: Db, mails: Mail[]): Promise<string[]> {
  if (!mails.length) return [];
  const rows = await db
    .insert(outboxEmails)
    .values(
      mails.map((m) => ({
        ...m,
        attachments: m.attachments?.length ? m.attachments : null,
        expiresAt: m.expiresAt ?? null,
      })),
    )
    .returning({ id: outboxEmails.id });
  return rows.map((r) => r.id);
}

/** The newest outbox emails (to one address, or all): the development outbox reader. */
export function recentOutbox(db: Db, to: string | undefined, limit: number) {
  return db
    .select({
      id: outboxEmails.id,
      to: outboxEmails.to,
      subject: outboxEmails.subject,
      text: outboxEmails.text,
      createdAt: outboxEmails.createdAt,
    })
    .from(outboxEmails)
    .where(to ? eq(outboxEmails.to, to) : undefined)
    .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
    .limit(limit);
}
