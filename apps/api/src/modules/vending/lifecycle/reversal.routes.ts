// The admin's reversal of a successful vend: the client refunded once (password-confirmed).
import { adminVendView, successEnvelope, vendReverseBody } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { notFound } from '../../../infra/errors';
import { ok } from '../../../infra/http';
import { requestContextOf } from '../../../infra/request-context';
import { confirmActingPassword } from '../../auth';
import { findVendRef, vendMessage } from '../records/vend-reads.service';
import { adminOut, refParams } from '../records/vend-views';
import { reverseSuccessfulVend } from './reversal.service';

export async function reversalRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vending'];

  r.post(
    '/vend/:id/reverse',
    {
      config: { permission: 'vending.manage' },
      schema: {
        tags,
        summary: 'Reverse a successful vend and refund the client (password-confirmed)',
        params: refParams,
        body: vendReverseBody,
        response: { 200: successEnvelope(adminVendView) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      const found = await findVendRef(ctx.db, req.params.id, null);
      if (!found) throw notFound('Vend');
      const v = await reverseSuccessfulVend(ctx, rc, found.v.id, req.body.reason);
      return ok(vendMessage(v, 'PORTAL'), adminOut({ v, corporateName: found.corporateName }));
    },
  );
}
