// The admin home's lists: top clients, fund requests and verifications waiting for an admin, and
// the VTU lines with low float flagged.
import type { AdminDashboardView } from '@vendport/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { Table } from '@/components/ui/table';
import { WhenCell } from '@/components/when-cell';
import { networkLabel } from '@/lib/catalogue-labels';
import { formatDate, formatNaira } from '@/lib/format';
import { formatMsisdn } from '@/lib/labels';
import { usePermissions } from '@/lib/permissions';

type D = AdminDashboardView;

const linkClass = 'font-medium text-brand-700 hover:underline';
const maybeLink = (allowed: boolean, to: string, text: ReactNode) =>
  allowed ? (
    <Link to={to} className={linkClass}>
      {text}
    </Link>
  ) : (
    text
  );

export function TopClients({ rows, loading }: { rows: D['topClients']; loading: boolean }) {
  const { can } = usePermissions();
  return (
    <Card className="overflow-hidden">
      <CardHeader title="Top clients" description="By value of successful vends in the period." />
      <Table
        caption="Top clients"
        rows={rows}
        loading={loading}
        rowKey={(c) => c.corporateId}
        emptyText="No successful vends in this period."
        columns={[
          {
            key: 'name',
            header: 'Client',
            wrap: true,
            cell: (c) =>
              maybeLink(
                can('clients.read'),
                `/admin-dashboard/view-corporate-client/${c.corporateId}`,
                c.name,
              ),
          },
          { key: 'count', header: 'Vends', align: 'right', cell: (c) => c.count.toLocaleString('en-NG') },
          { key: 'value', header: 'Value', align: 'right', cell: (c) => formatNaira(c.valueKobo) },
        ]}
      />
    </Card>
  );
}

export function PendingWork({ d, loading }: { d: D | undefined; loading: boolean }) {
  const { can } = usePermissions();
  const fr = d?.pendingFundRequests;
  const pv = d?.pendingVerifications;
  return (
    // Side by side only where both tables fit whole: at 1366×800 the fund requests' Date column
    // was cut off (issue 53 point 10), so a laptop stacks them.
    <div className="grid gap-4 2xl:grid-cols-2">
      <Card className="overflow-hidden" data-testid="pending-fund-requests">
        <CardHeader
          title={`Pending fund requests${fr ? ` (${fr.total})` : ''}`}
          actions={
            can('funding.read') ? (
              <Link to="/admin-dashboard/funding-history?tab=requests&status=OPEN" className={linkClass}>
                View all
              </Link>
            ) : undefined
          }
        />
        <Table
          caption="Pending fund requests"
          rows={fr?.items ?? []}
          loading={loading}
          rowKey={(f) => f.id}
          emptyText="No fund request is waiting."
          columns={[
            {
              key: 'code',
              header: 'Request',
              cell: (f) =>
                maybeLink(
                  can('funding.read'),
                  `/admin-dashboard/funding-history?tab=requests&search=${encodeURIComponent(f.code)}`,
                  f.code,
                ),
            },
            { key: 'client', header: 'Client', wrap: true, cell: (f) => f.corporateName },
            { key: 'amount', header: 'Amount', align: 'right', cell: (f) => formatNaira(f.amountKobo) },
            { key: 'date', header: 'Date', cell: (f) => <WhenCell at={f.createdAt} /> },
          ]}
        />
      </Card>
      <Card className="overflow-hidden" data-testid="pending-verifications">
        <CardHeader
          title={`Pending verifications${pv ? ` (${pv.total})` : ''}`}
          actions={
            can('verification.read') ? (
              <Link
                to="/admin-dashboard/accounts?tab=verifications&verification=pending"
                className={linkClass}
              >
                View all
              </Link>
            ) : undefined
          }
        />
        <Table
          caption="Pending verifications"
          rows={pv?.items ?? []}
          loading={loading}
          rowKey={(c) => c.id}
          emptyText="No verification is waiting."
          columns={[
            {
              key: 'name',
              header: 'Client',
              wrap: true,
              cell: (c) => maybeLink(can('verification.read'), `/admin-dashboard/accounts/${c.id}`, c.name),
            },
            { key: 'date', header: 'Requested', cell: (c) => formatDate(c.verificationRequestedAt) },
          ]}
        />
      </Card>
    </div>
  );
}

export function VtuFloat({ d, loading }: { d: D | undefined; loading: boolean }) {
  const { can } = usePermissions();
  const lines = d?.vtuLines ?? [];
  const low = lines.filter((l) => l.low).length;
  return (
    <Card className="overflow-hidden" data-testid="vtu-float">
      <CardHeader
        title="VTU lines' float"
        description={
          d
            ? `Lines under ${formatNaira(d.lowFloatKobo)} are flagged.${low ? ` ${low} low.` : ''}`
            : undefined
        }
        actions={
          can('vtu.read') ? (
            <Link to="/admin-dashboard/vtu" className={linkClass}>
              Manage lines
            </Link>
          ) : undefined
        }
      />
      <Table
        caption="VTU lines' float"
        rows={lines}
        loading={loading}
        rowKey={(l) => l.id}
        emptyText="No VTU line yet."
        columns={[
          { key: 'line', header: 'Line', cell: (l) => formatMsisdn(l.msisdn) },
          { key: 'network', header: 'Network', cell: (l) => networkLabel(l.network) },
          { key: 'float', header: 'Float', align: 'right', cell: (l) => formatNaira(l.floatKobo) },
          {
            key: 'state',
            header: 'State',
            cell: (l) => (l.low ? <Badge tone="danger">Low float</Badge> : <Badge tone="success">OK</Badge>),
          },
        ]}
      />
    </Card>
  );
}
