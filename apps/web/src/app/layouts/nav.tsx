// The sections of each area's sidebar (spec §2 children). Items carrying a permission are shown
// only to users who hold it (the server checks again on every call).
import type { Area } from '@vendport/shared';
import type { ReactNode } from 'react';
import {
  ArrowDownIcon,
  BellIcon,
  BoltIcon,
  BuildingIcon,
  ChartIcon,
  CheckIcon,
  ClockIcon,
  CreditCardIcon,
  HomeIcon,
  InboxIcon,
  KeyIcon,
  LayersIcon,
  ListIcon,
  PercentIcon,
  ReceiptIcon,
  RepeatIcon,
  ServerIcon,
  SettingsIcon,
  ShieldIcon,
  SignalIcon,
  UserIcon,
  UsersIcon,
  WalletIcon,
} from '@/components/ui/icons';

export type NavItem = {
  label: string;
  to: string;
  icon: ReactNode;
  end?: boolean;
  /** Shown when the user holds this permission (a list: any one of them). */
  permission?: string | readonly string[];
};
export type NavSection = { title: string; items: NavItem[] };

const i = (Icon: (p: { className?: string }) => ReactNode) => <Icon className="h-5 w-5 shrink-0" />;

/** Auto top-up's screens: read-only with autotopup.read, with the changes under autotopup.manage. */
const AUTO_TOPUP_VIEW = ['autotopup.read', 'autotopup.manage'] as const;

const CLIENT_NAV: NavSection[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/dashboard', icon: i(HomeIcon), end: true },
      { label: 'Wallet', to: '/dashboard/wallet', icon: i(WalletIcon), permission: 'wallet.read' },
      {
        label: 'Funding History',
        to: '/dashboard/funding-history',
        icon: i(ArrowDownIcon),
        permission: 'wallet.read',
      },
      {
        label: 'Vending History',
        to: '/dashboard/vending-history',
        icon: i(ReceiptIcon),
        permission: 'transactions.read',
      },
      { label: 'Bills', to: '/dashboard/bills', icon: i(BoltIcon), permission: 'vend' },
      {
        label: 'Commission',
        to: '/dashboard/commission',
        icon: i(PercentIcon),
        permission: 'commission.read',
      },
      {
        label: 'Sales Valuation',
        to: '/dashboard/sales-valuation',
        icon: i(ChartIcon),
        permission: 'transactions.read',
      },
    ],
  },
  {
    title: 'Auto Top-up',
    items: [
      {
        label: 'Auto Top-up Settings',
        to: '/dashboard/auto-topup-settings',
        icon: i(RepeatIcon),
        permission: AUTO_TOPUP_VIEW,
      },
      {
        label: 'Subscribers',
        to: '/dashboard/auto-top-up-subscribers',
        icon: i(UsersIcon),
        permission: AUTO_TOPUP_VIEW,
      },
      {
        label: 'Top-up Transactions',
        to: '/dashboard/auto-topup-transactions',
        icon: i(ListIcon),
        permission: AUTO_TOPUP_VIEW,
      },
    ],
  },
  {
    title: 'Account',
    items: [
      {
        label: 'Admin Management',
        to: '/dashboard/admin-management',
        icon: i(ShieldIcon),
        permission: 'team.read',
      },
      {
        label: 'Audit Trail',
        to: '/dashboard/audit-trail',
        icon: i(ClockIcon),
        permission: 'team.audit.read',
      },
      { label: 'Settings', to: '/dashboard/settings', icon: i(SettingsIcon), permission: 'settings.read' },
      // Beside the API keys: shown to whoever may see them.
      { label: 'Developers', to: '/dashboard/developers', icon: i(KeyIcon), permission: 'apikey.manage' },
      {
        label: 'Business Verification',
        to: '/dashboard/verification',
        icon: i(CheckIcon),
        permission: 'verification.submit',
      },
      { label: 'Notifications', to: '/dashboard/notification', icon: i(BellIcon) },
      { label: 'Profile', to: '/dashboard/profile', icon: i(UserIcon) },
    ],
  },
];

const ADMIN_NAV: NavSection[] = [
  {
    title: 'Overview',
    items: [
      { label: 'Dashboard', to: '/admin-dashboard', icon: i(HomeIcon), end: true },
      {
        label: 'Analytics',
        to: '/admin-dashboard/analytics',
        icon: i(ChartIcon),
        permission: 'analytics.read',
      },
    ],
  },
  {
    title: 'Clients',
    items: [
      {
        label: 'Clients',
        to: '/admin-dashboard/accounts',
        icon: i(BuildingIcon),
        permission: 'clients.read',
      },
      {
        label: 'Funding History',
        to: '/admin-dashboard/funding-history',
        icon: i(ArrowDownIcon),
        permission: 'funding.read',
      },
      {
        label: 'Gateway Reconciliation',
        to: '/admin-dashboard/gateway-reconciliation',
        icon: i(CreditCardIcon),
        permission: 'funding.read',
      },
      {
        label: 'Vending History',
        to: '/admin-dashboard/vending-history',
        icon: i(ReceiptIcon),
        permission: 'vending.read',
      },
      {
        label: 'Services',
        to: '/admin-dashboard/services',
        icon: i(LayersIcon),
        permission: 'services.read',
      },
      {
        label: 'Billers',
        to: '/admin-dashboard/billers',
        icon: i(BoltIcon),
        permission: 'services.read',
      },
      {
        label: 'Providers',
        to: '/admin-dashboard/providers',
        icon: i(RepeatIcon),
        permission: 'services.read',
      },
      {
        label: 'Discrepancies',
        to: '/admin-dashboard/discrepancies',
        icon: i(InboxIcon),
        permission: 'vending.read',
      },
      {
        label: 'Reconciliation',
        to: '/admin-dashboard/reconciliations',
        icon: i(CheckIcon),
        permission: 'vending.read',
      },
      {
        label: 'Data Plans',
        to: '/admin-dashboard/data-plan-management',
        icon: i(SignalIcon),
        permission: 'services.read',
      },
    ],
  },
  {
    title: 'VTU',
    items: [
      { label: 'VTU Lines', to: '/admin-dashboard/vtu', icon: i(ServerIcon), permission: 'vtu.read' },
      {
        label: 'VTU Funding History',
        to: '/admin-dashboard/vtu-funding-history',
        icon: i(WalletIcon),
        permission: 'vtu.read',
      },
      {
        label: 'VTU Consumption',
        to: '/admin-dashboard/vtu-consumption-history',
        icon: i(ListIcon),
        permission: 'vtu.read',
      },
    ],
  },
  {
    title: 'Administration',
    items: [
      {
        label: 'Admin Management',
        to: '/admin-dashboard/admin-management',
        icon: i(ShieldIcon),
        permission: 'admins.read',
      },
      {
        label: 'Audit Trail',
        to: '/admin-dashboard/audit-trail',
        icon: i(ClockIcon),
        permission: 'audit.read',
      },
      {
        label: 'Settings',
        to: '/admin-dashboard/settings',
        icon: i(SettingsIcon),
        permission: 'settings.manage',
      },
      { label: 'Notifications', to: '/admin-dashboard/notification', icon: i(BellIcon) },
      { label: 'Profile', to: '/admin-dashboard/admin-profile', icon: i(UserIcon) },
    ],
  },
];

export function navFor(area: Area, permissions: readonly string[]): NavSection[] {
  const sections = area === 'ADMIN' ? ADMIN_NAV : CLIENT_NAV;
  const held = new Set(permissions);
  return sections
    .map((s) => ({
      ...s,
      items: s.items.filter((item) => !item.permission || [item.permission].flat().some((p) => held.has(p))),
    }))
    .filter((s) => s.items.length > 0);
}

export function notificationPath(area: Area): string {
  return area === 'ADMIN' ? '/admin-dashboard/notification' : '/dashboard/notification';
}
