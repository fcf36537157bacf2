// audit-trail in both areas: who did what, when (Lagos time), from where, with filters by date
// range, actor, action and target type (and client, for admins), the pager and a CSV export of
// the filtered entries. A client sees its own team's actions only (the server scopes it).
import { type AuditView, auditActionLabel } from '@vendport/shared';
import { useMemo, useState } from 'react';
import { ExportCsvButton } from '@/components/export-csv-button';
import { QueryError } from '@/components/query-error';
import { Card } from '@/components/ui/card';
import { FilterBar, type FilterField, useUrlFilters } from '@/components/ui/filter-bar';
import { PageHeader } from '@/components/ui/page-header';
import { Pager, usePageParams } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { useClientOptions } from '@/lib/api/get-client-options';
import { formatDate, formatTime } from '@/lib/format';
import { usePermissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';
import { AUDIT_PATH, useAuditTrail } from '../api/get-audit-trail';
import type { AuditFilters } from '../api/query-keys';
import { AuditDetailModal } from '../components/audit-detail-modal';
import {
  ACTION_OPTIONS,
  AuditTarget,
  changeLine,
  summaryChanges,
  TARGET_TYPE_OPTIONS,
} from '../components/audit-format';

const NAMES = ['startDate', 'endDate', 'actor', 'action', 'targetType', 'corporateId'] as const;

export default function AuditTrailRoute() {
  const { user } = useSession();
  const { can } = usePermissions();
  const area = user?.area === 'ADMIN' ? 'ADMIN' : 'CORPORATE';
  const clientFilter = area === 'ADMIN' && can('clients.read');
  // The client filter offers the first 100 clients in the clients list's order.
  const clients = useClientOptions({ limit: 100 }, clientFilter);
  const { page, limit, cursor } = usePageParams();
  const f = useUrlFilters(NAMES);
  const filters: AuditFilters = useMemo(() => {
    const out: AuditFilters = { page, limit, cursor };
    for (const n of NAMES) if (f[n]) out[n] = f[n];
    return out;
  }, [page, limit, cursor, f.startDate, f.endDate, f.actor, f.action, f.targetType, f.corporateId]);
  const trail = useAuditTrail(filters);
  const [open, setOpen] = useState<AuditView | null>(null);
  const filtered = NAMES.some((n) => f[n]);

  const fields: FilterField[] = [
    { kind: 'search', name: 'actor', label: 'Actor', placeholder: 'Name or email' },
    { kind: 'date', name: 'startDate', label: 'From', pair: 'endDate', end: 'start' },
    { kind: 'date', name: 'endDate', label: 'To', pair: 'startDate', end: 'end' },
    { kind: 'select', name: 'action', label: 'Action', options: ACTION_OPTIONS, allLabel: 'All actions' },
    {
      kind: 'select',
      name: 'targetType',
      label: 'Target type',
      options: TARGET_TYPE_OPTIONS,
      allLabel: 'All targets',
    },
  ];
  if (clientFilter)
    fields.push({
      kind: 'select',
      name: 'corporateId',
      label: 'Client',
      options: (clients.data ?? []).map((c) => ({ value: c.id, label: c.name || c.email })),
      allLabel: 'All clients',
    });

  const columns: Column<AuditView>[] = [
    {
      key: 'time',
      card: 'main',
      header: 'Time',
      cell: (a) => (
        <div className="whitespace-nowrap">
          <div className="text-slate-900">{formatDate(a.createdAt)}</div>
          <div className="text-xs text-slate-500">{formatTime(a.createdAt)}</div>
        </div>
      ),
    },
    {
      // The role under the name: the IP address and user agent are in the entry's details, so
      // the Changes column has its room at 1366 px (issue 36).
      key: 'actor',
      card: 'main',
      header: 'Actor',
      wrap: { min: '9rem', max: '13rem' },
      cell: (a) => (
        <div className="min-w-0">
          <div className="font-medium text-slate-900">{a.actorName ?? 'System'}</div>
          {a.actorEmail ? (
            <div className="truncate text-xs text-slate-500" title={a.actorEmail}>
              {a.actorEmail}
            </div>
          ) : null}
          {a.actorRole ? <div className="text-xs text-slate-500">{a.actorRole}</div> : null}
        </div>
      ),
    },
    {
      key: 'action',
      card: 'main',
      header: 'Action',
      wrap: { min: '9rem', max: '13rem' },
      cell: (a) => <span title={a.action}>{auditActionLabel(a.action)}</span>,
    },
    { key: 'target', card: 'main', header: 'Target', cell: (a) => <AuditTarget entry={a} area={area} /> },
    {
      // Field by field, each on its line and wrapping: nothing cut off (issue 36).
      key: 'summary',
      header: 'Changes',
      wrap: { min: '14rem', max: '20rem' },
      cell: (a) => {
        const lines = summaryChanges(a);
        if (!lines.length) return <span className="text-xs text-slate-400">—</span>;
        return (
          <ul className="space-y-0.5 text-xs text-slate-600" data-testid="audit-changes">
            {lines.map((c) => (
              <li key={c.field} className="break-words">
                {changeLine(c)}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];

  return (
    <div>
      <PageHeader
        title="Audit Trail"
        description={
          area === 'ADMIN'
            ? 'Every change made on the platform: who did it, when, from where and what changed. Open an entry for its details.'
            : 'Every change your team made: who did it, when, from where and what changed. Open an entry for its details.'
        }
        actions={
          <ExportCsvButton
            path={AUDIT_PATH}
            query={filters}
            fallbackName="audit-trail"
            disabled={!trail.data || trail.data.data.length === 0}
          />
        }
      />
      <Card className="overflow-hidden">
        <FilterBar label="Audit filters" fields={fields} />
        {trail.isError ? (
          <div className="p-6">
            <QueryError title="The audit trail could not be loaded." onRetry={() => trail.refetch()} />
          </div>
        ) : (
          <div className={trail.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            <Table
              caption="Audit trail"
              columns={columns}
              rows={trail.data?.data ?? []}
              rowKey={(a) => a.id}
              loading={trail.isPending}
              emptyText={filtered ? 'No entries match these filters.' : 'No activity recorded yet.'}
              onRowClick={setOpen}
            />
          </div>
        )}
        {trail.data ? (
          <Pager
            hasMorePages={trail.data.hasMorePages}
            lastPage={trail.data.lastPage}
            nextCursor={trail.data.nextCursor}
            prevCursor={trail.data.prevCursor}
            totalIsEstimate={trail.data.totalIsEstimate}
            disabled={trail.isFetching}
          />
        ) : null}
      </Card>
      <AuditDetailModal entry={open} area={area} onClose={() => setOpen(null)} />
    </div>
  );
}
