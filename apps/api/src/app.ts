// buildApp(config): plugins, then modules, then the error handler. Tests import it.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import helmet from 'helmet';
import type { Config } from './infra/config';
import type { AppContext } from './infra/context';
import { Sealer } from './infra/crypto';
import type { DbHandle } from './infra/db/client';
import { diskFileStore } from './infra/file-store';
import { refuseNul } from './infra/http';
import { ipInList } from './infra/ip';
import { BILL_TOKEN_LOG_PATHS, loggable, loggableRequest } from './infra/log';
import { Mailer } from './infra/mailer';
import { PasswordHasher } from './infra/passwords';
import { balanceChecksIdle, checkVtuLine, queueBalanceChecks } from './modules/balance-alerts';
import { healthProbes, metricsRoutes } from './modules/ops';
import { smtpSourceOf } from './modules/platform';
import { announceProviderHealth } from './modules/provider-admin';
import { closeRateLimits } from './modules/rate-limits';
import { vendTotal } from './modules/reports';
import { recordVendEvent, vendsSettled } from './modules/vending';
import { registerAccessControl } from './plugins/access';
import { registerApiKeyAuth } from './plugins/api-key';
import { registerErrorHandling } from './plugins/errors';
import { registerRateLimits } from './plugins/rate-limit';
import { modules } from './routes';

/** Routes documented in production: the vending API called with an API key, and health. */
export const isPublicDoc = (url: string) => url.startsWith('/api/v1/api/') || url === '/api/v1/health';

export interface BuildOptions {
  db: DbHandle;
  logger?: boolean | Record<string, unknown>;
}

export async function buildApp(
  config: Config & { APP_SECRET: string },
  opts: BuildOptions,
): Promise<FastifyInstance> {
  const proxies = config.TRUSTED_PROXIES;
  const logger = opts.logger === undefined ? { level: config.LOG_LEVEL } : opts.logger;
  const app = Fastify({
    // Every logged error goes through `loggable` (no query parameters of a failed statement) and
    // every request line through `loggableRequest` (no secret from its query string).
    logger:
      typeof logger === 'object'
        ? {
            ...logger,
            // A bill's token is never logged in full (issue 51): wherever an object carries one.
            redact: ['req.headers.authorization', 'req.headers["x-api-key"]', ...BILL_TOKEN_LOG_PATHS],
            serializers: { err: loggable, req: loggableRequest },
          }
        : logger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: proxies.length ? (address: string) => ipInList(address, proxies) : false,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    config,
    db: opts.db.db,
    dbHandle: opts.db,
    mailer: new Mailer(config, app.log),
    sealer: new Sealer(config.APP_SECRET),
    files: diskFileStore(config.DATA_DIR),
    hasher: new PasswordHasher({ memoryKib: config.ARGON2_MEMORY_KIB, iterations: config.ARGON2_ITERATIONS }),
    log: app.log,
    // Each module's event, handed to the module that acts on it (DomainEvents, infra/context.ts).
    events: {
      vendDebited: queueBalanceChecks,
      vtuLineFunded: async (c, lineId) => {
        await checkVtuLine(c, lineId);
      },
      vendWebhookAttempted: (db, a) => recordVendEvent(db, { ...a, type: 'WEBHOOK' }),
      providerHealthChanged: announceProviderHealth,
    },
    // Each module's question, handed to the module that answers it (infra/context.ts UpperReads).
    reads: { vendTotal },
    lifecycle: { draining: false },
  };
  // The mailer sends through the admin's SMTP settings when they are set and enabled.
  ctx.mailer.useSource(smtpSourceOf(ctx));
  app.decorate('ctx', ctx);

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  // PostgreSQL text cannot hold a NUL character: refuse it at the door, clearly, for every route.
  app.addHook('preValidation', async (request) => {
    refuseNul(request.body, request.query, request.params);
  });

  // Security headers (helmet), on every response. The middleware is built once: @fastify/helmet
  // built it again for every request (its CSP directives parsed each time: 6.6% of the server's
  // CPU profile under the vend benchmark, issue 17). No route sets helmet options of its own.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // react-hot-toast injects its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    hsts: config.NODE_ENV === 'production',
  });
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
  // Multipart bodies escape bodyLimit: their parts are limited here (a proof or a CSV, and a few
  // short fields).
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 20, fieldSize: 16 * 1024, parts: 25 },
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'VendPort API',
        description:
          'Wallet, airtime and data vending for Nigerian businesses. Portal calls use `Authorization: Bearer <access_token>`; the vending API uses `X-API-Key`. Amounts are naira with at most two decimals at this edge and integer kobo inside.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    // In production the document shows the public vending API (and health) only: the portal's
    // own calls are an internal surface, documented in development and tests.
    transform:
      config.NODE_ENV === 'production'
        ? (input) => {
            const out = jsonSchemaTransform(input);
            return isPublicDoc(input.url) ? out : { ...out, schema: { ...out.schema, hide: true } };
          }
        : jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });

  // Before every other route: its onResponse hook counts them all.
  await metricsRoutes(app, ctx);
  registerAccessControl(app, ctx.db);
  registerApiKeyAuth(app, ctx);
  registerRateLimits(app, ctx);
  registerErrorHandling(app);

  await app.register(
    async (api) => {
      await healthProbes(api, ctx);
      for (const mod of modules) await api.register(async (scope) => mod(scope, ctx));
    },
    { prefix: '/api/v1' },
  );

  // The built web app, with history fallback for client routes; /api and /docs are never shadowed.
  const dist = path.resolve(config.WEB_DIST);
  const hasWeb = existsSync(path.join(dist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, { root: dist, prefix: '/', wildcard: false, index: false });
    app.get('/', { config: { public: true } }, (_req, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const p = request.url.split('?')[0];
    if (hasWeb && request.method === 'GET' && !p.startsWith('/api/') && !p.startsWith('/docs')) {
      return reply.type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({
      success: false,
      message: `No route ${request.method} ${p}`,
      errors: ['Not found'],
      code: 'NOT_FOUND',
    });
  });

  app.addHook('onClose', async () => {
    // A vend whose caller went away still records its outcome before the database closes (one
    // that cannot is left PENDING, and the requery job settles it after the restart).
    await vendsSettled(ctx.db, 8_000);
    // The low-balance checks queued by those vends run now rather than at their spacing.
    await balanceChecksIdle(ctx.db, { now: true });
    // The rate-limit refusals counted since the last write (the client's page shows them).
    await closeRateLimits(ctx);
    await opts.db.close();
  });
  return app;
}
