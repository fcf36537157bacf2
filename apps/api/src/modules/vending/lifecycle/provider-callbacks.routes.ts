// The providers' callbacks (issue 32). A callback never settles a vend by itself: it schedules a
// check of the attempt it names (provider-check.service.ts), and the provider's answer to that
// check decides. Each is answered as its provider documents.
//   VTpass (unsigned, a hint only): https://www.vtpass.com/documentation/callback-api-integration/
//     "...respond with {"response":"success"}"; it retries otherwise.
//   Reloadly: X-Reloadly-Signature, hex HMAC-SHA256 of the raw body + ":" + X-Reloadly-Request-
//     Timestamp keyed by the webhook secret (providers/reloadly.signature.ts says where that comes
//     from), an old timestamp refused.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../infra/context';
import { AppError } from '../../../infra/errors';
import { keepRawJson } from '../../../infra/http';
import { verifyReloadlySignature } from '../../providers';
import { hintFromProvider } from './provider-check.service';

type Body = Record<string, unknown>;
const obj = (v: unknown): Body => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Body) : {});
const text = (v: unknown) =>
  typeof v === 'string' && v.trim() ? v.trim().slice(0, 128) : typeof v === 'number' ? String(v) : undefined;

export async function providerCallbackRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(async (scope) => {
    // Reloadly signs the exact bytes: JSON is parsed here by hand, the text kept.
    const rawOf = keepRawJson(scope);

    scope.post(
      '/providers/vtpass/callback',
      {
        config: { public: true },
        schema: {
          tags: ['Providers'],
          summary: 'VTpass transaction-update callback (a hint: triggers a requery)',
          hide: true,
        },
      },
      async (req, reply) => {
        const body = obj(req.body);
        const data = obj(body.data);
        const requestId = text(data.requestId) ?? text(data.request_id);
        if (body.type === 'transaction-update' && requestId) {
          const hit = await hintFromProvider(ctx, 'VTPASS', { requestId });
          req.log.info({ requestId, vendId: hit?.vendId ?? null }, 'VTpass callback: check scheduled');
        }
        // VTpass retries until it reads this; a hint about nothing is acknowledged too.
        return reply.code(200).send({ response: 'success' });
      },
    );

    scope.post(
      '/providers/reloadly/callback',
      {
        config: { public: true },
        schema: {
          tags: ['Providers'],
          summary: 'Reloadly top-up callback (signed; triggers a status check)',
          hide: true,
        },
      },
      async (req, reply) => {
        const secret = ctx.config.RELOADLY_WEBHOOK_SECRET;
        if (!secret)
          throw new AppError('NOT_FOUND', 404, 'Reloadly callbacks are not configured on this server');
        const header = (name: string) => {
          const v = req.headers[name];
          return typeof v === 'string' ? v : undefined;
        };
        const verdict = verifyReloadlySignature({
          rawBody: rawOf(req),
          signature: header('x-reloadly-signature'),
          timestamp: header('x-reloadly-request-timestamp'),
          secret,
          nowMs: Date.now(),
        });
        if (!verdict.ok)
          throw new AppError('UNAUTHORIZED', 401, `Invalid Reloadly signature (${verdict.reason})`);
        const body = obj(req.body);
        const t = { ...body, ...obj(body.data) };
        const customIdentifier = text(t.customIdentifier);
        const transactionId = text(t.transactionId);
        const hit = customIdentifier
          ? await hintFromProvider(ctx, 'RELOADLY', { requestId: customIdentifier })
          : transactionId
            ? await hintFromProvider(ctx, 'RELOADLY', { providerReference: transactionId })
            : null;
        req.log.info(
          { customIdentifier, transactionId, vendId: hit?.vendId ?? null },
          'Reloadly callback: check scheduled',
        );
        return reply.code(200).send({ received: true });
      },
    );
  });
}
