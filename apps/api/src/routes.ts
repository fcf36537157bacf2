// The API's modules, registered under /api/v1 in this order.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './infra/context';
import { adminRoutes } from './modules/admin';
import { authRoutes } from './modules/auth';
import { autoTopupRoutes } from './modules/auto-topup';
import { catalogueRoutes } from './modules/catalogue';
import { clientsRoutes } from './modules/clients';
import { commissionsRoutes } from './modules/commissions';
import { devRoutes } from './modules/dev';
import { fundingRoutes } from './modules/funding';
import { ipAllowlistRoutes } from './modules/ip-allowlist';
import { notificationsRoutes } from './modules/notifications';
import { platformRoutes } from './modules/platform';
import { providerAdminRoutes, providerHealthRoutes } from './modules/provider-admin';
import { rateLimitsRoutes } from './modules/rate-limits';
import { reconciliationRoutes } from './modules/reconciliation';
import { reportsRoutes } from './modules/reports';
import { apiBillRoutes, vendingApiRoutes, vendingRoutes } from './modules/vending';
import { verificationRoutes } from './modules/verification';
import { vtuRoutes } from './modules/vtu';
import { walletRoutes } from './modules/wallet';
import { webhooksRoutes } from './modules/webhooks';

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
  apiBillRoutes,
  commissionsRoutes,
  ipAllowlistRoutes,
  webhooksRoutes,
  walletRoutes,
  fundingRoutes,
  clientsRoutes,
  verificationRoutes,
  reportsRoutes,
  platformRoutes,
  rateLimitsRoutes,
  reconciliationRoutes,
  autoTopupRoutes,
  providerAdminRoutes,
  providerHealthRoutes,
];
