// Every route of spec §2. Each screen is its own lazily loaded module; later issues replace a
// screen by replacing its module under features/<feature>/routes.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { GuardedRoot } from './root';
import { ADMIN_PATHS, type AdminPath, CLIENT_PATHS, type ClientPath, type RolePath } from './route-paths';
import { RouteError } from './routes/route-error';

type Module = { default: ComponentType };
const page = (load: () => Promise<Module>) => async () => ({ Component: (await load()).default });
const errorPage = (name: keyof typeof import('./routes/errors')) => async () => ({
  Component: (await import('./routes/errors'))[name],
});

const login = page(() => import('@/features/auth/routes/login'));
const notifications = page(() => import('@/features/notifications/routes/notifications'));
const profile = page(() => import('@/features/profile/routes/profile'));
const auditTrail = page(() => import('@/features/audit-trail/routes/audit-trail'));
const adminManagement = page(() => import('@/features/admin-management/routes/admin-management'));
const createRole = page(() => import('@/features/admin-management/routes/create-role'));
const editRole = page(() => import('@/features/admin-management/routes/edit-role'));
const viewRole = page(() => import('@/features/admin-management/routes/view-role'));
const viewMember = page(() => import('@/features/admin-management/routes/view-member'));
const notificationSettings = page(() => import('@/features/settings/routes/notification-settings'));

type Lazy = RouteObject['lazy'];

const roleScreens: Record<RolePath, Lazy> = {
  'admin-management': adminManagement,
  'admin-management/create-role': createRole,
  'admin-management/edit-role/:id': editRole,
  'admin-management/view-role/:id': viewRole,
  'admin-management/view-member/:id': viewMember,
  // Every user's own notification set-up (the profile menu), whatever their role may see.
  'notification-settings': notificationSettings,
};

const clientScreens: Record<ClientPath, Lazy> = {
  '': page(() => import('@/features/overview/routes/client-home')),
  wallet: page(() => import('@/features/wallet/routes/wallet')),
  'funding-history': page(() => import('@/features/funding/routes/funding-history')),
  'vending-history': page(() => import('@/features/vending/routes/vending-history')),
  'vending-history/:id': page(() => import('@/features/vending/routes/vend-details')),
  bills: page(() => import('@/features/bills/routes/bills')),
  profile,
  commission: page(() => import('@/features/commission/routes/commission')),
  'sales-valuation': page(() => import('@/features/sales-valuation/routes/sales-valuation')),
  settings: page(() => import('@/features/settings/routes/client-settings')),
  developers: page(() => import('@/features/settings/routes/developers')),
  verification: page(() => import('@/features/verification/routes/verification')),
  notification: notifications,
  'audit-trail': auditTrail,
  'auto-topup-settings': page(() => import('@/features/auto-topup/routes/auto-topup-settings')),
  'auto-top-up-subscribers': page(() => import('@/features/auto-topup/routes/auto-topup-subscribers')),
  'auto-topup-transactions': page(() => import('@/features/auto-topup/routes/auto-topup-transactions')),
  ...roleScreens,
};

const adminScreens: Record<AdminPath, Lazy> = {
  '': page(() => import('@/features/overview/routes/admin-home')),
  'data-plan-management': page(() => import('@/features/data-plans/routes/data-plan-management')),
  'auto-top-up/:id': page(() => import('@/features/auto-topup/routes/admin-auto-topup')),
  'funding-history': page(() => import('@/features/funding/routes/admin-funding-history')),
  accounts: page(() => import('@/features/corporate-clients/routes/clients')),
  'accounts/:id': page(() => import('@/features/accounts/routes/business-account')),
  'vending-history': page(() => import('@/features/vending/routes/admin-vending-history')),
  'vending-history/:id': page(() => import('@/features/vending/routes/admin-vend-details')),
  settings: page(() => import('@/features/settings/routes/admin-settings')),
  'view-corporate-client/:corporateId': page(
    () => import('@/features/corporate-clients/routes/view-corporate-client'),
  ),
  vtu: page(() => import('@/features/vtu/routes/vtu-lines')),
  'vtu-funding-history': page(() => import('@/features/vtu/routes/vtu-funding-history')),
  'vtu-consumption-history': page(() => import('@/features/vtu/routes/vtu-consumption-history')),
  services: page(() => import('@/features/services/routes/services')),
  billers: page(() => import('@/features/bills/routes/billers')),
  providers: page(() => import('@/features/providers/routes/providers')),
  discrepancies: page(() => import('@/features/discrepancies/routes/discrepancies')),
  reconciliations: page(() => import('@/features/discrepancies/routes/reconciliations')),
  'gateway-reconciliation': page(() => import('@/features/funding/routes/gateway-reconciliation')),
  'sales-valuation/:id': page(() => import('@/features/sales-valuation/routes/client-sales-valuation')),
  analytics: page(() => import('@/features/analytics/routes/analytics')),
  notification: notifications,
  'audit-trail': auditTrail,
  ...roleScreens,
  'admin-profile': profile,
};

/** An area's children in the order of its path list ('' is the index). */
const childrenOf = <P extends string>(paths: readonly P[], screens: Record<P, Lazy>): RouteObject[] =>
  paths.map((path) => (path === '' ? { index: true, lazy: screens[path] } : { path, lazy: screens[path] }));

export const clientRoutes: RouteObject[] = childrenOf(CLIENT_PATHS, clientScreens);
export const adminRoutes: RouteObject[] = childrenOf(ADMIN_PATHS, adminScreens);

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: GuardedRoot,
    HydrateFallback: FullScreenLoader,
    ErrorBoundary: RouteError,
    children: [
      // Public routes
      { path: '/', lazy: login },
      { path: '/auth/login', lazy: login },
      // Every other page uses the query client, which comes with this layout's chunk.
      {
        lazy: async () => ({ Component: (await import('./query-layout')).QueryLayout }),
        children: [
          { path: '/sign-up', lazy: page(() => import('@/features/auth/routes/sign-up')) },
          { path: '/change-password', lazy: page(() => import('@/features/auth/routes/change-password')) },
          { path: '/forgot-password', lazy: page(() => import('@/features/auth/routes/forgot-password')) },
          { path: '/verify-email', lazy: page(() => import('@/features/auth/routes/verify-email')) },
          { path: '/2fa', lazy: page(() => import('@/features/auth/routes/two-factor')) },
          // Areas
          {
            path: '/dashboard',
            lazy: async () => ({ Component: (await import('./layouts/area-layout')).ClientAreaLayout }),
            children: clientRoutes,
          },
          {
            path: '/admin-dashboard',
            lazy: async () => ({ Component: (await import('./layouts/area-layout')).AdminAreaLayout }),
            children: adminRoutes,
          },
        ],
      },
      // Error pages
      { path: '/server-error', lazy: errorPage('ServerErrorText') },
      { path: '/401', lazy: errorPage('UnauthorizedPage') },
      { path: '/403', lazy: errorPage('ForbiddenPage') },
      { path: '/500', lazy: errorPage('InternalErrorPage') },
      { path: '/503', lazy: errorPage('UnavailablePage') },
      { path: '*', lazy: errorPage('NotFoundPage') },
    ],
  },
];
