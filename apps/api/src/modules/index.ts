// The API's modules, registered under /api/v1 in this order.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { autoTopupRoutes } from './auto-topup/auto-topup.routes';
import { catalogueRoutes } from './catalogue/catalogue.routes';
import { clientsRoutes } from './clients/clients.routes';
import { commissionsRoutes } from './commissions/commissions.routes';
import { devRoutes } from './dev/dev.routes';
import { fundingRoutes } from './funding/funding.routes';
import { ipAllowlistRoutes } from './ip-allowlist/ip-allowlist.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { platformRoutes } from './platform/platform.routes';
import { reconciliationRoutes } from './reconciliation/reconciliation.routes';
import { reportsRoutes } from './reports/reports.routes';
import { vendingApiRoutes } from './vending/vending.api.routes';
import { vendingRoutes } from './vending/vending.routes';
import { verificationRoutes } from './verification/verification.routes';
import { vtuRoutes } from './vtu/vtu.routes';
import { walletRoutes } from './wallet/wallet.routes';
import { webhooksRoutes } from './webhooks/webhooks.routes';

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
