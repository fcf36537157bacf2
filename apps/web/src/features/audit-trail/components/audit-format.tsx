// How an audit entry reads: the target with a link to its screen where one exists in the
// caller's area, and the change summary field by field in words ("Host: (empty) → smtp.x.com").
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

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A summary's key in words: "cardFeeRateBps" -> "Card fee rate bps", "role_id" -> "Role id". */
export function fieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A recorded value as a person reads it: Yes/No, "—" for nothing, "(empty)" for an empty text. */
export function summaryValue(v: unknown): string {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (v === '') return '(empty)';
  if (Array.isArray(v)) return v.map(summaryValue).join(', ') || '—';
  if (isRecord(v))
    return (
      Object.entries(v)
        .map(([k, x]) => `${fieldLabel(k)}: ${summaryValue(x)}`)
        .join(', ') || '—'
    );
  return String(v);
}

/** One line of a change summary: a field that changed (before, after) or a recorded value. */
export type SummaryChange =
  | { field: string; before: string; after: string }
  | { field: string; value: string };

/**
 * A summary field by field (issue 36): `before` and `after` records become one line per field
 * that differs, in words; every other key is a line of its own.
 */
export function summaryChanges(summary: Record<string, unknown>): SummaryChange[] {
  const { before, after, ...rest } = summary;
  const lines: SummaryChange[] = [];
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    for (const key of new Set([...Object.keys(b), ...Object.keys(a)])) {
      if (JSON.stringify(b[key]) === JSON.stringify(a[key])) continue;
      lines.push({ field: fieldLabel(key), before: summaryValue(b[key]), after: summaryValue(a[key]) });
    }
  } else if (before !== undefined || after !== undefined) {
    lines.push({ field: 'Value', before: summaryValue(before), after: summaryValue(after) });
  }
  for (const [key, value] of Object.entries(rest))
    lines.push({ field: fieldLabel(key), value: summaryValue(value) });
  return lines;
}

export const changeLine = (c: SummaryChange) =>
  'value' in c ? `${c.field}: ${c.value}` : `${c.field}: ${c.before} → ${c.after}`;

export function summaryText(summary: Record<string, unknown>): string {
  return summaryChanges(summary).map(changeLine).join(' · ') || '—';
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
