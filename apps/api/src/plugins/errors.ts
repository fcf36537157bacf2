// One error handler: every failure leaves as { success: false, message, errors, code }, shared's
// FailureEnvelope, which the public API declares as its error schema.
// A 5xx never carries internals; they go to the log with the request id.
import type { ErrorCode, FailureEnvelope } from '@vendport/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnreachable, pgErrorCode } from '../infra/db/sql';
import { AppError } from '../infra/errors';

/** How long a caller is asked to wait while the database is unreachable (seconds). */
export const DATABASE_RETRY_AFTER_S = 5;

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status === 429) reply.header('retry-after', String(err.retryAfterS ?? 60));
      return reply.status(err.status).send(failure(err.code, err.message, err.errors));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => {
        const field = (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.');
        const msg = v.message ?? 'is invalid';
        // A field left out altogether, where its schema names no message of its own.
        if (field && /received undefined$/.test(msg)) return `${field} is required`;
        return field && /^(Invalid|Expected|Required|Too|Unrecognized)/.test(msg) ? `${field}: ${msg}` : msg;
      });
      return reply.status(400).send(failure('VALIDATION_ERROR', errors[0] ?? 'Invalid request', errors));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause?.issues }, 'response failed its schema');
      return reply.status(500).send(internal());
    }
    // Constraint violations that reach here are races the services did not foresee: a clear 409.
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505' || pgCode === '23503') {
      request.log.warn({ err }, 'constraint violation');
      const message = pgCode === '23505' ? 'This record already exists' : 'This record is still in use';
      return reply.status(409).send(failure('CONFLICT', message));
    }
    // A value the database cannot read as its column's type (a malformed id, say) that no
    // schema caught: the request is wrong, not the server.
    if (pgCode === '22P02' || pgCode === '22021') {
      request.log.warn({ err }, 'value of the wrong type reached the database');
      const message = 'A value in the request is not in the expected format';
      return reply.status(400).send(failure('BAD_REQUEST', message));
    }
    // The database unreachable or refusing connections (down, restarting, too many clients, pool
    // exhausted) is an outage the caller can retry, not a bug: 503 with Retry-After, as
    // /health/ready says (issue 49). The pool reconnects by itself once it is back.
    if (isDatabaseUnreachable(err)) {
      request.log.error({ err }, 'database unavailable');
      const message = 'The service is busy. Please try again shortly.';
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_S));
      return reply.status(503).send(failure('SERVICE_UNAVAILABLE', message));
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE') {
      return reply.status(413).send(failure('PAYLOAD_TOO_LARGE', 'The upload is too large'));
    }
    if (status === 429) {
      return reply
        .status(429)
        .send(failure('TOO_MANY_REQUESTS', 'Too many requests. Please wait and try again.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, ...): safe to describe.
      const message =
        err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : 'Malformed request';
      return reply.status(status).send(failure('BAD_REQUEST', message));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(internal());
  });
}

/** The envelope's keys in this order, nothing else: the bytes every failure has always had. */
const failure = (code: ErrorCode, message: string, errors = [message]): FailureEnvelope => ({
  success: false,
  message,
  errors,
  code,
});

const internal = () =>
  failure('INTERNAL_ERROR', 'Something went wrong on our side. Please try again.', ['Internal server error']);
