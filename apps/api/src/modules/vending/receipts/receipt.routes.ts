// A vend's receipt in the portal (issue 51 points 3 and 5): GET vend/{id}/receipt.pdf (any of the
// client's vends, by id or VND- code, beside GET vend/{id}) and POST bills/{id}/send (a successful
// bill's receipt to the customer's email and/or phone). The client's own only: another client's id
// is 404, as an unknown one.
import { billSendBody, billSendView, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import { ok } from '../../../infra/http';
import { corporateOf, requestContextOf } from '../../../infra/request-context';
import { refParams } from '../records/vend-views';
import { sendBillReceipt, vendReceipt } from './receipt.service';

export async function receiptRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/vend/:id/receipt.pdf',
    {
      config: { permission: { CORPORATE: 'transactions.read' } },
      schema: {
        tags: ['Vending'],
        summary: 'The receipt of one of my vends or bills as a PDF (a bill: with its token in full)',
        params: refParams,
      },
    },
    async (req, reply) => {
      const { filename, pdf } = await vendReceipt(
        ctx,
        requestContextOf(req),
        corporateOf(req),
        req.params.id,
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf, 'latin1'));
    },
  );

  r.post(
    '/bills/:id/send',
    {
      config: { permission: 'vend' },
      schema: {
        tags: ['Bills'],
        summary:
          "Send a successful bill's receipt (token or receipt reference) to an email address and/or by SMS",
        params: z.object({ id: z.string().uuid('Bill not found') }),
        body: billSendBody,
        response: { 200: successEnvelope(billSendView) },
      },
    },
    async (req) => {
      const sent = await sendBillReceipt(
        ctx,
        requestContextOf(req),
        corporateOf(req),
        req.params.id,
        req.body,
      );
      const where = [
        sent.email ? `by email to ${sent.email}` : null,
        sent.phone ? `by SMS to ${sent.phone}` : null,
      ]
        .filter(Boolean)
        .join(' and ');
      return ok(`Receipt sent ${where}`, sent);
    },
  );
}
