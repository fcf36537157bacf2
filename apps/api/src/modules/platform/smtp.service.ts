// The platform's SMTP server (admin): host, port, user, TLS and a password sealed with APP_SECRET
// (infra/crypto). The password never leaves this file except into nodemailer: no view, log or
// audit entry carries it. When enabled, the mailer sends through these settings; otherwise
// through SMTP_* from the environment; otherwise mail stays in the outbox.
import type { Transporter } from 'nodemailer';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { envSmtp, type SmtpOptions, type SmtpSource, smtpTransport } from '../../infra/mailer';
import type { RequestContext } from '../../infra/request-context';
import * as repo from './platform.repo';

export const SMTP_KEY = 'smtp';

interface StoredSmtp {
  enabled: boolean;
  host: string;
  port: number;
  user: string;
  secure: boolean;
  /** Sealed (AES-256-GCM) password; null when none. */
  passwordSealed: string | null;
  /**
   * When the server was last turned on (ISO); null while off. The mailer sends only what was
   * written from then on: what the outbox held before stays there (issue 36).
   */
  enabledAt?: string | null;
}

const EMPTY: StoredSmtp = {
  enabled: false,
  host: '',
  port: 587,
  user: '',
  secure: false,
  passwordSealed: null,
  enabledAt: null,
};

async function stored(db: Db): Promise<{ smtp: StoredSmtp; updatedAt: Date | null }> {
  const row = await repo.findSetting(db, SMTP_KEY);
  return {
    smtp: { ...EMPTY, ...((row?.value ?? {}) as Partial<StoredSmtp>) },
    updatedAt: row?.updatedAt ?? null,
  };
}

function optionsOf(ctx: AppContext, s: StoredSmtp): SmtpOptions {
  return {
    host: s.host,
    port: s.port,
    secure: s.secure,
    user: s.user || undefined,
    pass: s.passwordSealed ? ctx.sealer.open(s.passwordSealed) : undefined,
  };
}

const isOn = (s: StoredSmtp) => s.enabled && !!s.host;

/**
 * The mailer's source of SMTP settings: the saved ones when enabled (sending what was written
 * since they were turned on; settings saved before that was recorded, since their last change),
 * else the environment's.
 */
export const smtpSourceOf =
  (ctx: AppContext): SmtpSource =>
  async () => {
    const { smtp, updatedAt } = await stored(ctx.db);
    if (isOn(smtp)) {
      const since = smtp.enabledAt ? new Date(smtp.enabledAt) : updatedAt;
      return { via: 'SETTINGS', options: optionsOf(ctx, smtp), since };
    }
    return envSmtp(ctx.config);
  };

export async function smtpView(ctx: AppContext) {
  const { smtp, updatedAt } = await stored(ctx.db);
  const source =
    smtp.enabled && smtp.host ? 'SETTINGS' : ctx.config.SMTP_HOST ? 'ENVIRONMENT' : 'OUTBOX_ONLY';
  return {
    enabled: smtp.enabled,
    host: smtp.host,
    port: smtp.port,
    user: smtp.user,
    secure: smtp.secure,
    hasPassword: smtp.passwordSealed !== null,
    source: source as 'SETTINGS' | 'ENVIRONMENT' | 'OUTBOX_ONLY',
    updatedAt: updatedAt?.toISOString() ?? null,
  };
}

export interface SmtpInput {
  enabled: boolean;
  host: string;
  port: number;
  user: string;
  password?: string;
  clearPassword: boolean;
  secure: boolean;
}

export async function saveSmtp(ctx: AppContext, input: SmtpInput, actorId: string, rc: RequestContext) {
  await ctx.db.transaction(async (tx) => {
    await repo.lockSetting(tx, SMTP_KEY);
    const { smtp: before, updatedAt } = await stored(tx);
    const typed = input.password !== undefined && input.password !== '';
    const passwordSealed = input.clearPassword
      ? null
      : typed
        ? ctx.sealer.seal(input.password!)
        : before.passwordSealed;
    const next: StoredSmtp = {
      enabled: input.enabled,
      host: input.host,
      port: input.port,
      user: input.user,
      secure: input.secure,
      passwordSealed,
      enabledAt: null,
    };
    // Turned on now: from now on. Already on: since it was turned on.
    if (isOn(next))
      next.enabledAt = isOn(before)
        ? (before.enabledAt ?? updatedAt?.toISOString() ?? new Date().toISOString())
        : new Date().toISOString();
    await repo.putSetting(tx, SMTP_KEY, { ...next }, actorId);
    const plain = (s: StoredSmtp) => ({
      enabled: s.enabled,
      host: s.host,
      port: s.port,
      user: s.user,
      tls: s.secure,
    });
    await recordAudit(tx, rc, {
      action: 'settings.smtp.update',
      targetType: 'platform_settings',
      targetId: SMTP_KEY,
      summary: {
        before: plain(before),
        after: plain(next),
        // Whether the credential changed, never what it is.
        credential: input.clearPassword ? 'cleared' : typed ? 'replaced' : 'kept',
      },
    });
  });
  return smtpView(ctx);
}

/**
 * Sends a test email at once and reports the SMTP server's answer (or its error: refused
 * connection, unknown host, authentication failed, timeout). The message is in the outbox either
 * way, marked sent or with the error. Without any SMTP server it stays in the outbox.
 */
export async function sendTestEmail(ctx: AppContext, to: string, rc: RequestContext) {
  const { smtp } = await stored(ctx.db);
  const env = envSmtp(ctx.config);
  const via = smtp.enabled && smtp.host ? 'SETTINGS' : env ? 'ENVIRONMENT' : 'OUTBOX_ONLY';
  const mail = {
    to,
    subject: 'VendPort test email',
    text: `This is a test email from VendPort, sent ${
      via === 'SETTINGS'
        ? `through ${smtp.host}:${smtp.port}`
        : via === 'ENVIRONMENT'
          ? 'through the SMTP server set in the environment'
          : 'to the outbox only (no SMTP server is set)'
    }. If you can read it, email delivery works.`,
  };
  let result: { outboxId: string; ok: boolean; answer: string };
  if (via === 'OUTBOX_ONLY') {
    const outboxId = await ctx.mailer.send(ctx.db, mail);
    result = {
      outboxId,
      ok: false,
      answer: 'No SMTP server is set: the message was written to the outbox only.',
    };
  } else {
    let transport: Transporter | null = null;
    try {
      transport = smtpTransport(via === 'SETTINGS' ? optionsOf(ctx, smtp) : env!.options);
      result = await ctx.mailer.sendNow(ctx.db, mail, transport);
    } finally {
      transport?.close();
    }
  }
  await recordAudit(ctx.db, rc, {
    action: 'settings.smtp.test',
    targetType: 'platform_settings',
    targetId: SMTP_KEY,
    summary: { to, via, delivered: result.ok, answer: result.answer.slice(0, 200) },
  });
  return { delivered: result.ok, via, serverAnswer: result.answer, outboxId: result.outboxId } as const;
}
