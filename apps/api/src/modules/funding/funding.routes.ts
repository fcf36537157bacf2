// Funding calls (spec §7 Wallet, Transactions, Clients, VTU), one registrar per use case: bank
// fund requests and repayments, their admin review, admin funding, the funding histories of
// both areas (JSON pages or CSV), card funding, what reversed card payments left owing, and the
// client's dedicated virtual account, and the reconciliation with the gateway (Paystack).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';
import { cardRoutes } from './card/card.routes';
import { paystackWebhookRoutes } from './gateway/paystack-webhook.routes';
import { gatewayReconRoutes } from './gateway-recon/gateway-recon.routes';
import { fundingHistoryRoutes } from './history/funding-history.routes';
import { receivablesRoutes } from './receivables/receivables.routes';
import { adminFundingRoutes } from './requests/admin-funding.routes';
import { fundRequestReviewRoutes } from './requests/fund-request-review.routes';
import { fundRequestsRoutes } from './requests/fund-requests.routes';
import { dedicatedAccountRoutes } from './transfer/dedicated-account.routes';

export async function fundingRoutes(app: FastifyInstance, ctx: AppContext) {
  await fundRequestsRoutes(app, ctx);
  await fundRequestReviewRoutes(app, ctx);
  await fundingHistoryRoutes(app, ctx);
  await adminFundingRoutes(app, ctx);
  await cardRoutes(app, ctx);
  await dedicatedAccountRoutes(app, ctx);
  if (ctx.config.cardGateway === 'paystack') await paystackWebhookRoutes(app, ctx);
  await receivablesRoutes(app, ctx);
  await gatewayReconRoutes(app, ctx);
}
