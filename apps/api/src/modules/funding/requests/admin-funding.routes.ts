// Admin funding (spec §7 Clients): crediting a client's wallet directly, by payment type, with a
// reason; password-confirmed, and safe to retry with a reference.
import { adminFundBody, adminFundingView, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { ok } from '../../../infra/http';
import { requestContextOf } from '../../../infra/request-context';
import { confirmActingPassword } from '../../auth';
import { type AdminFundingKind, adminFund } from './fund-requests.service';

export async function adminFundingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminTags = ['Funding (admin)'];

  const adminFundRoutes: Array<[string, AdminFundingKind, string]> = [
    ['/fund', 'FUND', 'Credit a PREPAID client’s wallet'],
    ['/fund-postpaid', 'FUND_POSTPAID', 'Credit a POSTPAID client’s wallet'],
    ['/fund-postpaidplus', 'FUND_POSTPAID_PLUS', 'Credit a POSTPAID_PLUS client’s wallet'],
  ];
  for (const [url, kind, summary] of adminFundRoutes) {
    r.post(
      url,
      {
        config: { permission: 'funding.manage' },
        schema: {
          tags: adminTags,
          summary: `${summary} with a reason (password-confirmed; an optional reference makes retries safe)`,
          body: adminFundBody,
          response: { 200: successEnvelope(adminFundingView) },
        },
      },
      async (req) => {
        const { amount, password, ...rest } = req.body;
        await confirmActingPassword(ctx, requestContextOf(req), password);
        const res = await adminFund(ctx, requestContextOf(req), kind, { ...rest, amountKobo: amount });
        return ok(
          res.created ? 'The wallet has been funded' : 'This funding was already applied',
          res.funding,
        );
      },
    );
  }
}
