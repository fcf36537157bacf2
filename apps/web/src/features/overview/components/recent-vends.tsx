// The client's last ten vends on its home, each opening its details.
import type { CorporateDashboardView } from '@vendport/shared';
import { Link } from 'react-router';
import { Card, CardHeader } from '@/components/ui/card';
import { Table } from '@/components/ui/table';
import { VendStatusBadge } from '@/components/vend-status-badge';
import {
  isBillKindValue,
  recipientHeaders,
  recipientNetworkLabel,
  recipientWords,
  vendKindLabel,
} from '@/lib/catalogue-labels';
import { formatDate, formatNaira, formatTime } from '@/lib/format';
import { formatMsisdn } from '@/lib/labels';

type Recent = CorporateDashboardView['recent'][number];

/** The row as the recipient words read it: its kind and its network (or biller). */
const kindOf = (v: Recent) => ({ type: v.serviceType, network: v.network });

export function RecentVends({ rows, loading }: { rows: Recent[]; loading: boolean }) {
  const words = recipientHeaders(rows.map(kindOf));
  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Last ten vends"
        actions={
          <Link
            to="/dashboard/vending-history"
            className="text-sm font-medium text-brand-700 hover:underline"
          >
            View all
          </Link>
        }
      />
      <Table
        caption="Last ten vends"
        rows={rows}
        loading={loading}
        rowKey={(v) => v.id}
        emptyText="No vends yet."
        columns={[
          {
            key: 'code',
            header: 'Transaction ID',
            card: 'main',
            cell: (v) => (
              <Link
                to={`/dashboard/vending-history/${v.id}`}
                className="font-medium text-brand-700 hover:underline"
              >
                {v.code}
              </Link>
            ),
          },
          {
            key: 'phone',
            header: words.number,
            cardLabel: (v) => recipientWords(kindOf(v)).number,
            // A bill's number is a meter or smartcard number, not a phone to format.
            cell: (v) => (isBillKindValue(v.serviceType) ? v.msisdn : formatMsisdn(v.msisdn)),
          },
          {
            key: 'what',
            header: 'Service',
            cell: (v) => `${recipientNetworkLabel(kindOf(v))} ${vendKindLabel(v.serviceType)}`,
          },
          {
            key: 'amount',
            header: 'Amount',
            align: 'right',
            card: 'main',
            cell: (v) => formatNaira(v.amountKobo),
          },
          {
            key: 'status',
            header: 'Status',
            card: 'main',
            cell: (v) => <VendStatusBadge status={v.status} />,
          },
          {
            key: 'date',
            header: 'Date',
            card: 'main',
            cell: (v) => (
              <time dateTime={v.createdAt}>
                <span className="block text-slate-800">{formatDate(v.createdAt)}</span>
                <span className="block text-xs text-slate-500">{formatTime(v.createdAt)}</span>
              </time>
            ),
          },
        ]}
      />
    </Card>
  );
}
