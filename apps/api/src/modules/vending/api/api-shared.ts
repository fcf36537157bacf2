// What the API-key routes (vends and bills) share: the failure answers, the request's client and
// its mode, and the Prefer header.
import { failureEnvelope } from '@vendport/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../../infra/errors';
import type { ApiClient } from '../../auth';
import { vendMode } from '../lifecycle/place-vend.service';

/**
 * Every failure of this API is shared's failure envelope (plugins/errors shapes them all): the
 * statuses a route names are the ones to expect of it; any other 4xx or 5xx has the same shape.
 * Every call may be refused 429 RATE_LIMITED (plugins/rate-limit.ts).
 */
export const failures = { 429: failureEnvelope, '4xx': failureEnvelope, '5xx': failureEnvelope } as const;

export function clientOf(req: FastifyRequest): ApiClient {
  if (!req.apiClient)
    throw new AppError('UNAUTHORIZED', 401, 'An API key is required in the X-API-Key header');
  return req.apiClient;
}

/** The mode the client's calls run in (read with the key: no query). */
export const modeOf = (client: ApiClient) => vendMode(client.mode, client.corporate);

/** RFC 7240: whether a Prefer header (one or several) asks for `respond-async`. */
export function prefersAsync(header: string | string[] | undefined): boolean {
  const all = Array.isArray(header) ? header.join(',') : (header ?? '');
  return all.split(',').some((p) => p.split(';')[0].trim().toLowerCase() === 'respond-async');
}
