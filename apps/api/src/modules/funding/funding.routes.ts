// Funding calls (spec §7 Wallet, Transactions, Clients, VTU), one registrar per use case: bank
// fund requests and repayments, their admin review, admin funding, the funding histories of
// both areas (JSON pages or CSV), card funding, what reversed card payments left owing, and the
// client's dedicated virtual account.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';
import { adminFundingRoutes } from './admin-funding.routes';
import { cardRoutes } from './card.routes';
import { dedicatedAccountRoutes } from './dedicated-account.routes';
import { fundRequestReviewRoutes } from './fund-request-review.routes';
import { fundRequestsRoutes } from './fund-requests.routes';
import { fundingHistoryRoutes } from './funding-history.routes';
import { paystackWebhookRoutes } from './paystack-webhook.routes';
import { receivablesRoutes } from './receivables.routes';

export async function fundingRoutes(app: FastifyInstance, ctx: AppContext) {
  await fundRequestsRoutes(app, ctx);
  await fundRequestReviewRoutes(app, ctx);
  await fundingHistoryRoutes(app, ctx);
  await adminFundingRoutes(app, ctx);
  await cardRoutes(app, ctx);
  await dedicatedAccountRoutes(app, ctx);
  if (ctx.config.cardGateway === 'paystack') await paystackWebhookRoutes(app, ctx);
  await receivablesRoutes(app, ctx);
}
