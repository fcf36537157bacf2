// Paystack's webhook, POST /api/v1/payments/paystack/webhook (public, signed). The signature is the
// hex HMAC-SHA512 of the exact bytes received, keyed by PAYSTACK_SECRET_KEY
// (https://paystack.com/docs/payments/webhooks/): the body is kept as a Buffer and parsed only after
// the check; a wrong or missing signature, or a body changed after signing, is 401 and does nothing.
// A valid event is only a hint: it queues a check of the transaction it names (one waiting per
// reference and kind, however many deliveries arrive), and is answered 200 at once — Paystack
// retries an event that is not acknowledged quickly.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../infra/context';
import { AppError } from '../../../infra/errors';
import { queueCardPaymentCheck } from '../card/card.service';
import { queueDedicatedTransferCheck } from '../transfer/dedicated-account.service';
import { paystackEventAction } from './paystack/events';
import { PAYSTACK_SIGNATURE_HEADER, paystackSignatureValid } from './paystack/signature';

export { CARD_CHECK_QUEUE } from '../card/card.service';
export const PAYSTACK_WEBHOOK_PATH = '/api/v1/payments/paystack/webhook';

/** Queues the check an event asks for; a reference we never issued is acknowledged and ignored. */
export async function dispatchPaystackEvent(ctx: AppContext, body: unknown) {
  const action = paystackEventAction(body);
  if ('ignore' in action) return { queued: false, why: action.ignore };
  if ('transfer' in action) {
    // A transfer into a dedicated account: checked (verified) for the wallet of that customer.
    const { reference, customerCode } = action.transfer;
    const queued = await queueDedicatedTransferCheck(ctx, reference, customerCode);
    if (queued === null) return { queued: false, why: `no dedicated account for ${customerCode}` };
    return {
      queued,
      why: queued
        ? `transfer check of ${reference} queued`
        : `transfer ${reference} already credited or waiting`,
    };
  }
  const { reference, kind } = action.check;
  const queued = await queueCardPaymentCheck(ctx, reference, kind);
  if (queued === null) return { queued: false, why: `no card payment ${reference}` };
  return { queued, why: queued ? `check of ${reference} queued` : `check of ${reference} already waiting` };
}

export async function paystackWebhookRoutes(app: FastifyInstance, ctx: AppContext) {
  const secret = ctx.config.PAYSTACK_SECRET_KEY;
  if (!secret) return;
  await app.register(async (scope) => {
    const raw = new WeakMap<FastifyRequest, Buffer>();
    scope.removeAllContentTypeParsers();
    // Any content type: the bytes are what was signed. JSON is read only once the signature holds.
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
      raw.set(req, body as Buffer);
      done(null, undefined);
    });
    scope.post(
      '/payments/paystack/webhook',
      {
        config: { public: true },
        schema: {
          tags: ['Payment gateway'],
          summary:
            'Paystack webhook (signed: hex HMAC-SHA512 of the raw body in x-paystack-signature); queues a verify',
          hide: true,
        },
      },
      async (req, reply) => {
        const given = req.headers[PAYSTACK_SIGNATURE_HEADER];
        const bytes = raw.get(req) ?? Buffer.alloc(0);
        if (!paystackSignatureValid(secret, bytes, typeof given === 'string' ? given : undefined)) {
          req.log.warn({ length: bytes.length }, 'Paystack webhook with an invalid signature refused');
          throw new AppError('UNAUTHORIZED', 401, 'Invalid Paystack signature');
        }
        let body: unknown;
        try {
          body = JSON.parse(bytes.toString('utf8'));
        } catch {
          throw new AppError('BAD_REQUEST', 400, 'Malformed request');
        }
        const done = await dispatchPaystackEvent(ctx, body);
        req.log.info(done, 'Paystack webhook');
        return reply.code(200).send({ received: true });
      },
    );
  });
}
