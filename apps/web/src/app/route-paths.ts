// The paths of both areas (spec §2), as plain data: routes.tsx gives each one its screen (a record
// keyed by these lists, so the compiler refuses a path without a screen or a screen without a
// path), and the browser class tests (e2e/) crawl every one of them. A screen added to an area
// is added here, and so is visited by every crawl without anyone remembering to.

/** The paths shared by both areas: the team, roles and notification set-up. */
export const ROLE_PATHS = [
  'admin-management',
  'admin-management/create-role',
  'admin-management/edit-role/:id',
  'admin-management/view-role/:id',
  'admin-management/view-member/:id',
  'notification-settings',
] as const;

/** /dashboard's children; '' is the index (home). */
export const CLIENT_PATHS = [
  '',
  'wallet',
  'funding-history',
  'vending-history',
  'vending-history/:id',
  'bills',
  'profile',
  'commission',
  'sales-valuation',
  'settings',
  'developers',
  'verification',
  'notification',
  'audit-trail',
  'auto-topup-settings',
  'auto-top-up-subscribers',
  'auto-topup-transactions',
  ...ROLE_PATHS,
] as const;

/** /admin-dashboard's children; '' is the index (home). */
export const ADMIN_PATHS = [
  '',
  'data-plan-management',
  'auto-top-up/:id',
  'funding-history',
  'accounts',
  'accounts/:id',
  'vending-history',
  'vending-history/:id',
  'settings',
  'view-corporate-client/:corporateId',
  'vtu',
  'vtu-funding-history',
  'vtu-consumption-history',
  'services',
  'billers',
  'providers',
  'discrepancies',
  'reconciliations',
  'gateway-reconciliation',
  'sales-valuation/:id',
  'analytics',
  'notification',
  'audit-trail',
  ...ROLE_PATHS,
  'admin-profile',
] as const;

export type ClientPath = (typeof CLIENT_PATHS)[number];
export type AdminPath = (typeof ADMIN_PATHS)[number];
export type RolePath = (typeof ROLE_PATHS)[number];

export const CLIENT_AREA = '/dashboard';
export const ADMIN_AREA = '/admin-dashboard';
