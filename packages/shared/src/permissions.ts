// The permission catalogue for both areas. Roles are named sets of these, stored in the
// database; every API route names one (or is public), checked by one plugin on the server.
export const AREAS = ['ADMIN', 'CORPORATE'] as const;
export type Area = (typeof AREAS)[number];

export const ADMIN_PERMISSIONS = {
  'clients.read': 'View corporate clients',
  'clients.manage': 'Onboard, activate, deactivate and configure corporate clients',
  'funding.read': 'View funding requests and funding history',
  'funding.approve': 'Approve or decline fund requests',
  'funding.manage': 'Fund client wallets and set credit limits',
  'vending.read': 'View vending transactions',
  'vending.manage': 'Requery and reverse vends',
  'commissions.read': 'View commissions',
  'commissions.manage': 'Settle commissions and set upfront commission',
  'vtu.read': 'View VTU lines and their history',
  'vtu.manage': 'Add, assign, refresh and fund VTU lines',
  'services.read': 'View services and data plans',
  'services.manage': 'Manage services, data plans and assignments',
  'verification.read': 'View business verification requests',
  'verification.manage': 'Approve or decline business verification',
  'admins.read': 'View admin users',
  'admins.manage': 'Create, update, activate, deactivate and delete admin users',
  'roles.read': 'View admin roles',
  'roles.manage': 'Create, update and delete admin roles',
  'audit.read': 'View the audit trail',
  'settings.manage': 'Manage platform settings',
  'analytics.read': 'View dashboards and analytics',
} as const;

export const CORPORATE_PERMISSIONS = {
  'dashboard.view': 'View the dashboard',
  'wallet.read': 'View the wallet balance and funding history',
  'wallet.fund': 'Fund the wallet',
  vend: 'Buy airtime and data',
  'transactions.read': 'View vending transactions',
  'commission.read': 'View commissions',
  'settings.read': 'View settings',
  'settings.manage': 'Manage settings, IP allow-list and webhook',
  'apikey.manage': 'Read and reset API keys',
  'team.read': 'View team members and roles',
  'team.manage': 'Manage team members and roles',
  'team.audit.read': 'View the team audit trail',
  'autotopup.read': 'View auto top-up settings, subscribers and runs',
  'autotopup.manage': 'Manage auto top-up',
  'verification.submit': 'Upload verification documents',
} as const;

export type AdminPermission = keyof typeof ADMIN_PERMISSIONS;
export type CorporatePermission = keyof typeof CORPORATE_PERMISSIONS;
export type Permission = AdminPermission | CorporatePermission;

export const ALL_ADMIN_PERMISSIONS = Object.keys(ADMIN_PERMISSIONS) as AdminPermission[];
export const ALL_CORPORATE_PERMISSIONS = Object.keys(CORPORATE_PERMISSIONS) as CorporatePermission[];

export function permissionsOf(area: Area): Permission[] {
  return area === 'ADMIN' ? ALL_ADMIN_PERMISSIONS : ALL_CORPORATE_PERMISSIONS;
}
export function isPermissionOf(area: Area, p: string): p is Permission {
  // Own keys only: `in` would also accept inherited names such as "constructor".
  return Object.hasOwn(area === 'ADMIN' ? ADMIN_PERMISSIONS : CORPORATE_PERMISSIONS, p);
}

export const SUPER_ADMIN_ROLE = 'Super Admin';
export const CORPORATE_OWNER_ROLE = 'Owner';
