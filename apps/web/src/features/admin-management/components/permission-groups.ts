// The permission catalogue grouped by domain (the name before the first dot) for the role
// forms and the role view, in the catalogue's own order.
import type { PermissionEntry } from '../api/get-permissions';

const DOMAIN_LABELS: Record<string, string> = {
  analytics: 'Dashboards and analytics',
  dashboard: 'Dashboard',
  clients: 'Clients',
  funding: 'Funding',
  wallet: 'Wallet and funding',
  vend: 'Vending',
  vending: 'Vending',
  transactions: 'Vending',
  commission: 'Commission',
  commissions: 'Commissions',
  vtu: 'VTU lines',
  services: 'Services and data plans',
  verification: 'Business verification',
  admins: 'Admin users',
  roles: 'Roles',
  team: 'Team and audit trail',
  audit: 'Audit trail',
  settings: 'Settings',
  apikey: 'API keys',
  autotopup: 'Auto top-up',
};

export type PermissionGroup = { label: string; permissions: PermissionEntry[] };

export function groupPermissions(catalogue: readonly PermissionEntry[]): PermissionGroup[] {
  const groups = new Map<string, PermissionEntry[]>();
  for (const p of catalogue) {
    const domain = p.name.split('.')[0] ?? p.name;
    const label = DOMAIN_LABELS[domain] ?? domain.charAt(0).toUpperCase() + domain.slice(1);
    groups.set(label, [...(groups.get(label) ?? []), p]);
  }
  return [...groups].map(([label, permissions]) => ({ label, permissions }));
}
