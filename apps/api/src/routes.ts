// The API's modules, registered under /api/v1 in this order.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './infra/context';
import { adminRoutes } from './modules/admin/admin.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { autoTopupRoutes } from './modules/auto-topup/auto-topup.routes';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes';
import { clientsRoutes } from './modules/clients/clients.routes';
import { commissionsRoutes } from './modules/commissions/commissions.routes';
import { devRoutes } from './modules/dev/dev.routes';
import { fundingRoutes } from './modules/funding/funding.routes';
import { ipAllowlistRoutes } from './modules/ip-allowlist/ip-allowlist.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { platformRoutes } from './modules/platform/platform.routes';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { vendingApiRoutes } from './modules/vending/vending.api.routes';
import { vendingRoutes } from './modules/vending/vending.routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { vtuRoutes } from './modules/vtu/vtu.routes';
import { walletRoutes } from './modules/wallet/wallet.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';

export type ApiModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

export const modules: ApiModule[] = [
  notificationsRoutes,
  adminRoutes,
  authRoutes,
  devRoutes,
  catalogueRoutes,
  vtuRoutes,
  vendingRoutes,
  vendingApiRoutes,
  commissionsRoutes,
  ipAllowlistRoutes,
  webhooksRoutes,
  walletRoutes,
  fundingRoutes,
  clientsRoutes,
  verificationRoutes,
  reportsRoutes,
  platformRoutes,
  reconciliationRoutes,
  autoTopupRoutes,
];
