// Card funding calls: the fee shown before paying, starting a payment, the client's verify
// call, and the gateway's signed callback (public; HMAC of the raw body, else 401).
import {
  cardAmountQuery,
  cardFeeQuoteView,
  cardInitializeBody,
  cardPaymentView as cardPaymentSchema,
  cardReferenceQuery,
  gatewayCallbackBody,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import { AppError } from '../../../infra/errors';
import { keepRawJson, ok } from '../../../infra/http';
import { corporateOf, requestContextOf } from '../../../infra/request-context';
import { gatewaySecretOf, SIGNATURE_HEADER, signatureValid } from '../gateway/signature';
import { simulatorRoutes } from '../gateway/simulator.routes';
import {
  cardFee,
  cardPaymentDetail,
  initializeCardPayment,
  settleCardPayment,
  verifyCardPayment,
} from './card.service';

export const CARD_CALLBACK_PATH = '/api/v1/fund/card/callback';

export async function cardRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Wallet'];
  const paymentEnvelope = successEnvelope(cardPaymentSchema);

  r.get(
    '/fund/card/fee',
    {
      config: { permission: 'wallet.fund' },
      schema: {
        tags,
        summary: 'The card funding fee for an amount (1.5%, + NGN 100 from NGN 2,500, capped at NGN 2,000)',
        querystring: cardAmountQuery,
        response: { 200: successEnvelope(cardFeeQuoteView) },
      },
    },
    async (req) => ok('Card funding fee calculated', await cardFee(ctx, req.query.amount)),
  );

  r.post(
    '/fund/card/initialize',
    {
      config: { permission: 'wallet.fund' },
      schema: {
        tags,
        summary: 'Start a card payment of amount + fee; answers with the checkout page to open',
        body: cardInitializeBody,
        response: { 201: paymentEnvelope },
      },
    },
    async (req, reply) => {
      corporateOf(req);
      const view = await initializeCardPayment(ctx, requestContextOf(req), req.body.amount);
      return reply.status(201).send(ok('Card payment started', view));
    },
  );

  r.get(
    '/fund/card/verify',
    {
      config: { permission: 'wallet.fund' },
      schema: {
        tags,
        summary: 'Ask the gateway how my card payment ended; credits the wallet if it was paid (once)',
        querystring: cardReferenceQuery,
        response: { 200: paymentEnvelope },
      },
    },
    async (req) => {
      const { payment, credited } = await verifyCardPayment(
        ctx,
        corporateOf(req),
        req.query.reference,
        requestContextOf(req),
      );
      const message = credited
        ? 'Payment confirmed. Your wallet has been credited.'
        : payment.status === 'SUCCESSFUL'
          ? 'This payment has already been credited'
          : payment.status === 'REVERSED'
            ? 'This payment was reversed by the payment gateway'
            : `Payment status: ${payment.status}`;
      return ok(message, await cardPaymentDetail(ctx, payment));
    },
  );

  // The callback needs the exact bytes the gateway signed, so JSON is parsed here by hand.
  await app.register(async (scope) => {
    const rawOf = keepRawJson(scope);
    const secret = gatewaySecretOf(ctx.config);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/fund/card/callback',
      {
        config: { public: true },
        preValidation: async (req) => {
          const given = req.headers[SIGNATURE_HEADER];
          if (!signatureValid(secret, rawOf(req), typeof given === 'string' ? given : undefined)) {
            throw new AppError('UNAUTHORIZED', 401, 'Invalid gateway signature');
          }
        },
        schema: {
          tags: ['Payment gateway'],
          summary:
            'Payment gateway callback (signed: hex HMAC-SHA256 of the raw body in x-gateway-signature)',
          body: gatewayCallbackBody,
          response: {
            200: successEnvelope(
              z.object({ reference: z.string(), status: z.string(), credited: z.boolean() }),
            ),
          },
        },
      },
      async (req) => {
        const d = req.body.data;
        const { payment, credited } = await settleCardPayment(
          ctx,
          d.reference,
          // The simulator charges naira only.
          {
            status: d.status,
            amountKobo: d.amountKobo,
            currency: 'NGN',
            paidAt: d.paidAt ? new Date(d.paidAt) : null,
          },
          'callback',
          requestContextOf(req),
        );
        return ok('Callback processed', { reference: payment.reference, status: payment.status, credited });
      },
    );
  });

  if (ctx.config.cardGateway === 'simulator') await simulatorRoutes(app, ctx);
}
