// Operators' endpoints, outside the portal's API: GET /metrics (Prometheus text; with
// METRICS_TOKEN set, only with `Authorization: Bearer <it>`; without, only from this machine) and
// the health probes GET /api/v1/health/live (the process answers) and /api/v1/health/ready, also
// GET /api/v1/health (the database answers and every committed migration is applied).
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { committedMigrations } from '../../infra/db/migrate';
import { AppError } from '../../infra/errors';
import { createMetrics } from './metrics.service';
import { appliedMigrations } from './ops-reads.service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

function allowed(ctx: AppContext, req: FastifyRequest): boolean {
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return LOOPBACK.has(req.socket.remoteAddress ?? '') && !req.headers['x-forwarded-for'];
  const given = Buffer.from(String(req.headers.authorization ?? ''));
  const expected = Buffer.from(`Bearer ${token}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Registered at the root (not under /api/v1): counts every request of the app. */
export async function metricsRoutes(app: FastifyInstance, ctx: AppContext) {
  const metrics = createMetrics(ctx);
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern, never the raw URL (ids would make a label per vend).
    const route = req.routeOptions.url ?? 'unmatched';
    metrics.observeRequest(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });
  app.get('/metrics', { config: { public: true }, schema: { hide: true } }, async (req, reply) => {
    if (!allowed(ctx, req)) throw new AppError('FORBIDDEN', 403, 'Metrics are not public');
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

const readiness = z.object({
  success: z.boolean(),
  message: z.string(),
  data: z.object({
    status: z.enum(['ready', 'migrating', 'draining', 'not ready']),
    database: z.enum(['up', 'down']),
    engine: z.enum(['pglite', 'postgres']),
    migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
  }),
});

/**
 * The health probes, under /api/v1: live, and ready, which GET /health answers too (its older,
 * documented name: bench, scripts and load balancers call it) through the same handler.
 */
export async function healthProbes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/health/live',
    { config: { public: true }, schema: { tags: ['System'], summary: 'The process answers' } },
    async () => ({
      success: true,
      message: 'OK',
      data: { status: 'live' },
    }),
  );
  for (const url of ['/health', '/health/ready']) {
    r.get(
      url,
      {
        config: { public: true },
        schema: {
          tags: ['System'],
          summary: 'Ready: the database answers and every migration is applied',
          response: { 200: readiness, 503: readiness },
        },
      },
      async (_req, reply) => {
        const expected = committedMigrations();
        const engine = ctx.dbHandle.kind;
        try {
          const applied = await appliedMigrations(ctx.db);
          const migrated = applied >= expected;
          // Stopping (SIGTERM, SHUTDOWN_DRAIN_MS): requests are still served, but a load balancer
          // should send no more.
          const draining = ctx.lifecycle.draining;
          const ready = migrated && !draining;
          return reply.status(ready ? 200 : 503).send({
            success: ready,
            message: draining
              ? 'Shutting down: finishing the requests in flight'
              : ready
                ? 'Ready'
                : `Migrations pending: ${applied} of ${expected} applied`,
            data: {
              status: draining ? 'draining' : ready ? 'ready' : 'migrating',
              database: 'up',
              engine,
              migrations: { applied, expected },
            },
          });
        } catch {
          // The same wait the error handler asks of every call while the database is away.
          reply.header('retry-after', '5');
          return reply.status(503).send({
            success: false,
            message: 'Database unavailable',
            data: { status: 'not ready', database: 'down', engine, migrations: { applied: 0, expected } },
          });
        }
      },
    );
  }
}
