// The API's modules, registered under /api/v1 in this order.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { adminRoutes } from './admin/admin.routes';
import { authRoutes } from './auth/auth.routes';
import { clientsRoutes } from './clients/clients.routes';
import { devRoutes } from './dev/dev.routes';
import { fundingRoutes } from './funding/funding.routes';
import { notificationsRoutes } from './notifications/notifications.routes';
import { walletRoutes } from './wallet/wallet.routes';

export type ApiModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

export const modules: ApiModule[] = [
  notificationsRoutes,
  adminRoutes,
  authRoutes,
  devRoutes,
  walletRoutes,
  fundingRoutes,
  clientsRoutes,
];
