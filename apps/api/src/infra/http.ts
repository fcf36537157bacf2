// Small helpers for handlers: the success envelope and paged lists.
import { pageMeta } from '@vendport/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { KeysetPaged } from './db/keyset';
import type { Paged } from './db/paged';
import { AppError, badRequest } from './errors';

export const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

export const page = <T>(message: string, rows: T[], total: number, pageNo: number, limit: number) => ({
  success: true as const,
  message,
  data: rows,
  ...pageMeta(total, pageNo, limit),
});

/** The spec's paged envelope of a page read with paged() (db/paged), its rows mapped by `view`. */
export const pagedEnvelope = <R, T>(message: string, p: Paged<R>, view: (row: R) => T) =>
  page(message, p.rows.map(view), p.total, p.page, p.limit);

/**
 * The spec's paged envelope of a history read by keyset (db/keyset), with the cursors of the
 * pages on either side and whether the total is an estimate. The page count follows what was
 * read: a list walked past its estimated end keeps a Next while older rows follow.
 */
export const keysetEnvelope = <R, T>(message: string, p: KeysetPaged<R>, view: (row: R) => T) => {
  const meta = pageMeta(p.total, p.page, p.limit);
  const lastPage = p.hasMore ? Math.max(meta.lastPage, p.page + 1) : p.rows.length ? p.page : meta.lastPage;
  return {
    success: true as const,
    message,
    data: p.rows.map(view),
    ...meta,
    lastPage,
    hasMorePages: p.hasMore,
    nextCursor: p.nextCursor,
    prevCursor: p.prevCursor,
    totalIsEstimate: p.totalIsEstimate,
  };
};

/** Whether a parsed request part holds a string with a NUL character (objects and arrays searched). */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 8) return false;
  if (Buffer.isBuffer(value)) return false;
  for (const v of Array.isArray(value) ? value : Object.values(value)) {
    if (holdsNul(v, depth + 1)) return true;
  }
  return false;
}

/** PostgreSQL text cannot hold a NUL character: any in these parsed request parts is a clear 400. */
export function refuseNul(...parts: unknown[]): void {
  if (parts.some((p) => holdsNul(p))) throw badRequest('Text must not contain NUL characters');
}

/** Answers with an uploaded file shown in the browser (never cached, never sniffed as another type). */
export function sendStoredFile(reply: FastifyReply, file: { data: Buffer; mime: string; name: string }) {
  return reply
    .type(file.mime)
    .header('content-disposition', `inline; filename="${file.name.replace(/"/g, '')}"`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}

/**
 * For signed callbacks, which need the exact bytes that were signed: inside `scope` (a plugin of
 * its own), JSON bodies are parsed by hand and their text kept; the returned function reads it.
 */
export function keepRawJson(scope: FastifyInstance): (req: FastifyRequest) => string {
  const raw = new WeakMap<FastifyRequest, string>();
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    raw.set(req, body as string);
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new AppError('BAD_REQUEST', 400, 'Malformed request'), undefined);
    }
  });
  return (req) => raw.get(req) ?? '';
}
