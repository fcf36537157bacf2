// How errors are logged: the logger's `err` serializer (app.ts), so every `log.x({ err })` in
// the app, the job queue and the mailer as well as the error handler, leaves out what a failed
// query carried.

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
