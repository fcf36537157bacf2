// Every route of spec §2. Each screen is its own lazily loaded module; later issues replace a
// screen by replacing its module under features/<feature>/routes.
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { GuardedRoot } from './root';
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

const roleRoutes: RouteObject[] = [
  { path: 'admin-management', lazy: adminManagement },
  { path: 'admin-management/create-role', lazy: createRole },
  { path: 'admin-management/edit-role/:id', lazy: editRole },
  { path: 'admin-management/view-role/:id', lazy: viewRole },
  { path: 'admin-management/view-member/:id', lazy: viewMember },
  // Every user's own notification set-up (the profile menu), whatever their role may see.
  { path: 'notification-settings', lazy: notificationSettings },
];

export const clientRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('@/features/overview/routes/client-home')) },
  { path: 'wallet', lazy: page(() => import('@/features/wallet/routes/wallet')) },
  { path: 'funding-history', lazy: page(() => import('@/features/funding/routes/funding-history')) },
  { path: 'vending-history', lazy: page(() => import('@/features/vending/routes/vending-history')) },
  { path: 'vending-history/:id', lazy: page(() => import('@/features/vending/routes/vend-details')) },
  { path: 'profile', lazy: profile },
  { path: 'commission', lazy: page(() => import('@/features/commission/routes/commission')) },
  { path: 'sales-valuation', lazy: page(() => import('@/features/sales-valuation/routes/sales-valuation')) },
  { path: 'settings', lazy: page(() => import('@/features/settings/routes/client-settings')) },
  { path: 'developers', lazy: page(() => import('@/features/settings/routes/developers')) },
  { path: 'verification', lazy: page(() => import('@/features/verification/routes/verification')) },
  { path: 'notification', lazy: notifications },
  { path: 'audit-trail', lazy: auditTrail },
  {
    path: 'auto-topup-settings',
    lazy: page(() => import('@/features/auto-topup/routes/auto-topup-settings')),
  },
  {
    path: 'auto-top-up-subscribers',
    lazy: page(() => import('@/features/auto-topup/routes/auto-topup-subscribers')),
  },
  {
    path: 'auto-topup-transactions',
    lazy: page(() => import('@/features/auto-topup/routes/auto-topup-transactions')),
  },
  ...roleRoutes,
];

export const adminRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('@/features/overview/routes/admin-home')) },
  {
    path: 'data-plan-management',
    lazy: page(() => import('@/features/data-plans/routes/data-plan-management')),
  },
  { path: 'auto-top-up/:id', lazy: page(() => import('@/features/auto-topup/routes/admin-auto-topup')) },
  { path: 'funding-history', lazy: page(() => import('@/features/funding/routes/admin-funding-history')) },
  {
    path: 'gateway-reconciliation',
    lazy: page(() => import('@/features/funding/routes/gateway-reconciliation')),
  },
  { path: 'accounts', lazy: page(() => import('@/features/corporate-clients/routes/clients')) },
  { path: 'accounts/:id', lazy: page(() => import('@/features/accounts/routes/business-account')) },
  { path: 'vending-history', lazy: page(() => import('@/features/vending/routes/admin-vending-history')) },
  { path: 'vending-history/:id', lazy: page(() => import('@/features/vending/routes/admin-vend-details')) },
  { path: 'settings', lazy: page(() => import('@/features/settings/routes/admin-settings')) },
  {
    path: 'view-corporate-client/:corporateId',
    lazy: page(() => import('@/features/corporate-clients/routes/view-corporate-client')),
  },
  { path: 'vtu', lazy: page(() => import('@/features/vtu/routes/vtu-lines')) },
  { path: 'vtu-funding-history', lazy: page(() => import('@/features/vtu/routes/vtu-funding-history')) },
  {
    path: 'vtu-consumption-history',
    lazy: page(() => import('@/features/vtu/routes/vtu-consumption-history')),
  },
  { path: 'services', lazy: page(() => import('@/features/services/routes/services')) },
  { path: 'providers', lazy: page(() => import('@/features/providers/routes/providers')) },
  { path: 'discrepancies', lazy: page(() => import('@/features/discrepancies/routes/discrepancies')) },
  { path: 'reconciliations', lazy: page(() => import('@/features/discrepancies/routes/reconciliations')) },
  {
    path: 'sales-valuation/:id',
    lazy: page(() => import('@/features/sales-valuation/routes/client-sales-valuation')),
  },
  { path: 'analytics', lazy: page(() => import('@/features/analytics/routes/analytics')) },
  { path: 'notification', lazy: notifications },
  { path: 'audit-trail', lazy: auditTrail },
  ...roleRoutes,
  { path: 'admin-profile', lazy: profile },
];

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
