// Admin calls on a client's credit terms: PUT set-limit and PUT corporate-clients/limit (one
// behaviour, two paths of the spec) and POST corporate-clients/switch. Password-confirmed and
// audited; the client is notified.
import {
  clientCreditView,
  creditLimitBody,
  koboToNairaString,
  successEnvelope,
  switchClientTypeBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/http';
import { authOf } from '../../plugins/access';
import { recorder } from './audit-recorder';
import { type CreditTerms, changeCreditTerms, confirmActingPassword } from './clients.service';

const view = (t: CreditTerms) => ({
  corporateId: t.corporateId,
  clientType: t.clientType,
  creditLimitKobo: t.creditLimitKobo,
  creditLimit: koboToNairaString(t.creditLimitKobo),
  balanceKobo: t.balanceKobo,
  floorKobo: t.floorKobo,
  availableKobo: t.availableKobo,
});

export async function clientsCreditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Clients'];

  for (const url of ['/set-limit', '/corporate-clients/limit']) {
    r.put(
      url,
      {
        config: { permission: 'funding.manage' },
        schema: {
          tags,
          summary: 'Set a client’s credit limit (naira); refused below what the client has already used',
          body: creditLimitBody,
          response: { 200: successEnvelope(clientCreditView) },
        },
      },
      async (req) => {
        await confirmActingPassword(ctx, authOf(req).userId, req.body.password);
        const { after } = await changeCreditTerms(
          ctx.db,
          req.body.corporateId,
          { creditLimitKobo: req.body.limit },
          recorder(req),
        );
        return ok('Credit limit updated', view(after));
      },
    );
  }

  r.post(
    '/corporate-clients/switch',
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags,
        summary: 'Switch a client between PREPAID, POSTPAID and POSTPAID_PLUS (the balance never changes)',
        body: switchClientTypeBody,
        response: { 200: successEnvelope(clientCreditView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, authOf(req).userId, req.body.password);
      const { after } = await changeCreditTerms(
        ctx.db,
        req.body.corporateId,
        { clientType: req.body.clientType },
        recorder(req),
      );
      return ok('Client type switched', view(after));
    },
  );
}
