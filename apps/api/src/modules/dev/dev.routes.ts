// Development helpers, registered only when config.devRoutes is on (never in production):
// GET /dev/outbox reads the email outbox, so codes can be read without an SMTP server. It holds
// sign-in codes and temporary passwords, so it answers only callers on this machine (the
// socket's own address: a forwarded header cannot claim it), even on a server bound to 0.0.0.0.
// POST /dev/auto-topup/run-schedule makes a client's auto top-up subscribers due now and runs one
// pass of the scheduler (the end-to-end journey's clock), under the same guard.
import { successEnvelope } from '@vendport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { notFound } from '../../infra/errors';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { runClientScheduleNow } from '../auto-topup';
import { recentOutbox } from './dev-reads.service';

const isLoopback = (address: string | undefined) =>
  !!address && (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'));

/** Only a person or a test on this machine: a request relayed by a proxy on this machine also
 * arrives from loopback, so anything carrying forwarding headers is refused too. */
function onlyThisMachine(req: FastifyRequest) {
  const relayed = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'].some(
    (h) => req.headers[h] !== undefined,
  );
  if (relayed || !isLoopback(req.socket.remoteAddress)) throw notFound('Page');
}

const OUTBOX_LIMIT = 50;

const outboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

export async function devRoutes(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.devRoutes) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dev/outbox',
    {
      config: { public: true },
      schema: {
        tags: ['Development'],
        summary: 'The latest 50 emails written to the outbox (development only)',
        querystring: z.object({ to: z.string().trim().toLowerCase().max(254).optional() }),
        response: { 200: successEnvelope(z.array(outboxEmail)) },
      },
    },
    async (req) => {
      onlyThisMachine(req);
      const rows = await recentOutbox(ctx.db, req.query.to, OUTBOX_LIMIT);
      return ok(
        'Outbox emails retrieved',
        rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      );
    },
  );

  r.post(
    '/dev/auto-topup/run-schedule',
    {
      config: { public: true },
      schema: {
        tags: ['Development'],
        summary:
          'Make a client’s auto top-up subscribers due now and run the scheduler once (development only)',
        body: z.object({ corporateId: z.string().uuid('Corporate client not found') }),
        response: {
          200: successEnvelope(
            z.object({ due: z.number().int(), created: z.number().int(), processed: z.number().int() }),
          ),
        },
      },
    },
    async (req) => {
      onlyThisMachine(req);
      const res = await runClientScheduleNow(ctx, req.body.corporateId, requestContextOf(req));
      return ok(`${res.processed} auto top-up run${res.processed === 1 ? '' : 's'} processed`, res);
    },
  );
}
