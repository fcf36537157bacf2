// How errors and requests are logged: the logger's `err` and `req` serializers (app.ts), so
// every `log.x({ err })` in the app, the job queue and the mailer as well as the error handler
// leaves out what a failed query carried, and no request line carries a secret from its URL.

/**
 * An error as it may be logged. A failed query's message carries its parameters (Drizzle writes
 * "Failed query: ... params: ..."), which can be a password hash, a code or a customer's data:
 * only the statement is kept, with the database's own code and message.
 */
export function loggable(err: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  const e = err as { name?: string; message?: string; stack?: string; code?: string; cause?: unknown };
  const cut = (m: string | undefined) => (m ?? '').split(/\nparams:/)[0].slice(0, 2000);
  const cause = e?.cause as { code?: string; message?: string } | undefined;
  return {
    type: e?.name ?? 'Error',
    message: cut(e?.message),
    code: e?.code,
    stack: (e?.stack ?? '')
      .replace(/\nparams:[\s\S]*?(?=\n\s+at |$)/, '\nparams: [not logged]')
      .slice(0, 4000),
    ...(cause ? { cause: { code: cause.code, message: cut(cause.message) } } : {}),
  };
}

/** Query parameters whose value is a secret (or may be one): never written to a log. */
const SECRET_PARAM = /key|token|secret|passw|pwd|otp|code|signature|sig$|auth|credential|session/i;

/** The URL with the value of every secret-looking query parameter replaced by [redacted]. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const raw = eq < 0 ? pair : pair.slice(0, eq);
      let name = raw;
      try {
        name = decodeURIComponent(raw.replace(/\+/g, ' '));
      } catch {
        // A malformed escape: judge the raw name.
      }
      return eq >= 0 && SECRET_PARAM.test(name) ? `${raw}=[redacted]` : pair;
    });
  return `${url.slice(0, q)}?${parts.join('&')}`;
}

/** The request as a log line shows it (pino's default fields, the URL redacted). */
export function loggableRequest(req: {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(req.url ?? ''),
    host: req.hostname,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Where a bill's token may sit in a logged object (issue 51): pino's redaction replaces the value
 * with [Redacted] at these paths (the bill, its facts, a provider's answer, a webhook's data).
 */
export const BILL_TOKEN_LOG_PATHS = [
  'token',
  '*.token',
  '*.*.token',
  'mainToken',
  '*.mainToken',
  '*.*.mainToken',
  'purchased_code',
  '*.purchased_code',
  '*.*.purchased_code',
  'bonusToken',
  '*.bonusToken',
  '*.*.bonusToken',
];
