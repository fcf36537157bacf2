// How an audit entry reads: the target with a link to its screen where one exists in the
// caller's area, and the change summary field by field in words ("Price: ₦500.00 → ₦550.00").
import { type AuditView, auditChanges, auditTargetLabel } from '@vendport/shared';
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

/** One line of a change summary: a field that changed (before, after) or a recorded value. */
export type SummaryChange =
  | { field: string; before: string; after: string }
  | { field: string; value: string };

/**
 * An entry's summary field by field, typed (money in naira, rates in percent, references by name,
 * dates in Lagos time: shared's auditChanges, the same lines as the CSV export, issue 53 point 6).
 */
export function summaryChanges(
  entry: Pick<AuditView, 'action' | 'summary' | 'names'> | null,
): SummaryChange[] {
  if (!entry) return [];
  return auditChanges(entry.action, entry.summary, entry.names).map((c) =>
    c.value !== null
      ? { field: c.field, value: c.value }
      : { field: c.field, before: c.before ?? '—', after: c.after ?? '—' },
  );
}

export const changeLine = (c: SummaryChange) =>
  'value' in c ? `${c.field}: ${c.value}` : `${c.field}: ${c.before} → ${c.after}`;

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
    'auto_topup_subscriber',
    'platform_settings',
    'reconciliation_settings',
    'statement',
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
  { value: 'auto-topup.', label: 'Auto top-up' },
  { value: 'reconciliation.', label: 'Statements' },
  { value: 'provider-plan.', label: 'Provider plans' },
];
