// What clients owe after reversed card payments (card-reversal.service.ts): the client sees its
// own (the wallet screen), an admin who reads funding sees any client's (the client's detail).
import { cardReceivablesView, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import { ok } from '../../../infra/http';
import { corporateOf } from '../../../infra/request-context';
import { cardReceivablesOf } from '../card/card-reversal.service';

export async function receivablesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: successEnvelope(cardReceivablesView) };

  r.get(
    '/card-receivables',
    {
      config: { permission: 'wallet.read' },
      schema: {
        tags: ['Wallet'],
        summary:
          'What my wallet owes after reversed card payments (refunds, chargebacks); live vending is suspended while any is outstanding',
        response,
      },
    },
    async (req) => ok('Card receivables retrieved', await cardReceivablesOf(ctx, corporateOf(req))),
  );

  r.get(
    '/corporate-clients/:id/card-receivables',
    {
      config: { permission: 'funding.read' },
      schema: {
        tags: ['Funding (admin)'],
        summary: "A client's card receivables: what reversed card payments left it owing",
        params: z.object({ id: z.uuid('Unknown client') }),
        response,
      },
    },
    async (req) => ok('Card receivables retrieved', await cardReceivablesOf(ctx, req.params.id, true)),
  );
}
