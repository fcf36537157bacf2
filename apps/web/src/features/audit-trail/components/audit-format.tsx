// How an audit entry reads: the target with a link to its screen where one exists in the
// caller's area, and the change summary as short "field: value" text.
import { type AuditView, auditTargetLabel } from '@vendport/shared';
import { Link } from 'react-router';

type Area = 'ADMIN' | 'CORPORATE';

function targetPath(area: Area, entry: AuditView): string | null {
  const { targetType: type, targetId: id } = entry;
  if (!type || !id) return null;
  const base = area === 'ADMIN' ? '/admin-dashboard' : '/dashboard';
  switch (type) {
    case 'vend':
      return `${base}/vending-history/${id}`;
    case 'role':
      // A client's roles are its own: an admin's role screens show the admin area's only.
      return entry.area === area ? `${base}/admin-management/view-role/${id}` : null;
    case 'corporate':
      return area === 'ADMIN' ? `${base}/view-corporate-client/${id}` : null;
    default:
      return null;
  }
}

const short = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

export function AuditTarget({ entry, area }: { entry: AuditView; area: Area }) {
  if (!entry.targetType) return <span className="text-slate-400">—</span>;
  const path = targetPath(area, entry);
  const label = auditTargetLabel(entry.targetType);
  return (
    <span className="whitespace-nowrap">
      {label}
      {entry.targetId ? (
        path ? (
          <Link
            to={path}
            onClick={(e) => e.stopPropagation()}
            className="ml-1 font-mono text-xs text-brand-700 hover:underline"
            title={entry.targetId}
          >
            {short(entry.targetId)}
          </Link>
        ) : (
          <span className="ml-1 font-mono text-xs text-slate-500" title={entry.targetId}>
            {short(entry.targetId)}
          </span>
        )
      ) : null}
    </span>
  );
}

export function summaryValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) return v.map(summaryValue).join(', ') || '—';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

export function summaryText(summary: Record<string, unknown>): string {
  const parts = Object.entries(summary).map(([k, v]) => `${k}: ${summaryValue(v)}`);
  return parts.join(' · ') || '—';
}

export const TARGET_TYPE_OPTIONS = (
  [
    'user',
    'role',
    'corporate',
    'fund_request',
    'card_payment',
    'vend',
    'service',
    'data_plan',
    'vtu_line',
    'api_key',
    'webhook',
    'ip_allowlist',
    'verification_document',
    'notification',
    'session',
  ] as const
).map((value) => ({ value, label: auditTargetLabel(value) }));

/** The action filter: families of actions (the API matches the code's start). */
export const ACTION_OPTIONS = [
  { value: 'auth.', label: 'Sign-in and security' },
  { value: 'user.', label: 'Users' },
  { value: 'role.', label: 'Roles' },
  { value: 'apikey.', label: 'API keys' },
  { value: 'funding.', label: 'Funding' },
  { value: 'vend.', label: 'Vending' },
  { value: 'clients.', label: 'Clients' },
  { value: 'settings.', label: 'Settings' },
  { value: 'webhook.', label: 'Webhook' },
  { value: 'ip.', label: 'IP allow-list' },
  { value: 'verification.', label: 'Verification' },
  { value: 'service.', label: 'Services' },
  { value: 'data-plan.', label: 'Data plans' },
  { value: 'vtu.', label: 'VTU lines' },
  { value: 'commission.', label: 'Commission' },
  { value: 'notifications.', label: 'Notifications' },
];
