// How a team member shows in a table: name (opening the member's detail view) with email, role,
// status, last sign-in.
import type { TeamMemberView } from '@vendport/shared';
import { Link } from 'react-router';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { Badge } from '@/components/ui/badge';
import type { Column } from '@/components/ui/table';
import { formatDate, formatShortDateTime } from '@/lib/format';

export const memberColumns = (
  myId: string,
  memberPath?: (id: string) => string,
): Column<TeamMemberView>[] => [
  {
    key: 'name',
    card: 'main',
    header: 'Name',
    wrap: { min: '12rem', max: '18rem' },
    cell: (m) => (
      <div className="min-w-0">
        <div className="font-medium text-slate-900">
          {memberPath ? (
            <Link to={memberPath(m.id)} className="hover:text-brand-700 hover:underline">
              {m.first_name} {m.last_name}
            </Link>
          ) : (
            <>
              {m.first_name} {m.last_name}
            </>
          )}
          {m.id === myId ? <span className="ml-1.5 text-xs font-normal text-slate-500">(you)</span> : null}
        </div>
        <div className="max-w-[16rem] truncate text-xs text-slate-500" title={m.email}>
          {m.email}
        </div>
      </div>
    ),
  },
  { key: 'phone', header: 'Phone', cell: (m) => m.msisdn ?? '—' },
  { key: 'role', card: 'main', header: 'Role', cell: (m) => m.role?.name ?? '—' },
  {
    key: 'status',
    card: 'main',
    header: 'Status',
    cell: (m) => (
      <span className="flex flex-wrap items-center gap-1.5">
        <ActiveStatusBadge status={m.status} />
        {m.defaultPassword ? <Badge tone="warning">Invited</Badge> : null}
      </span>
    ),
  },
  {
    key: 'lastLogin',
    card: 'main',
    header: 'Last sign-in',
    cell: (m) => (m.lastLoginAt ? formatShortDateTime(m.lastLoginAt) : 'Never'),
  },
  { key: 'created', header: 'Added', cell: (m) => formatDate(m.createdAt) },
];
