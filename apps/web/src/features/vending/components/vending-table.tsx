// Vends as a table: date (DD/MM/YYYY and h:mm A), reference, phone, network, type, amount,
// commission and status; the admin's view adds the client. A bill's row shows its customer number
// (named for what it is: Meter number, Smartcard number), its customer's name, its token masked
// (****1234; in full on the client's own details only), its biller and its kind. A row opens the
// details.
import { type AdminVendListItem, earnsCommission, type PortalVendListItem } from '@vendport/shared';
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { MoneyLabel } from '@/components/money-label';
import { type Column, Table } from '@/components/ui/table';
import { TestModeBadge, VendStatusBadge } from '@/components/vend-status-badge';
import {
  isBillKindValue,
  recipientHeaders,
  recipientNetworkLabel,
  recipientWords,
  vendKindLabel,
} from '@/lib/catalogue-labels';
import { formatDate, formatNaira, formatTime } from '@/lib/format';
import { clientTypeLabel, formatMsisdn } from '@/lib/labels';

/**
 * The phone, or a bill's customer number (meter, smartcard: a bill's phone field holds it) with
 * the customer's name and the token, masked, under it.
 */
function Recipient({ row }: { row: PortalVendListItem }) {
  if (!isBillKindValue(row.type)) return <span className="tabular-nums">{formatMsisdn(row.phone)}</span>;
  const bill = row.bill;
  return (
    <div data-testid="bill-recipient">
      <span className="font-mono text-xs">{row.phone}</span>
      {bill?.customerName ? (
        <div className="max-w-[12rem] truncate text-xs text-slate-600" title={bill.customerName}>
          {bill.customerName}
        </div>
      ) : null}
      {bill?.token ? <div className="font-mono text-xs text-slate-500">Token {bill.token}</div> : null}
    </div>
  );
}

export function VendingTable<T extends PortalVendListItem>({
  rows,
  loading,
  emptyText,
  detailsPath,
  client,
}: {
  rows: T[];
  loading: boolean;
  emptyText: ReactNode;
  /** Where a vend's details live: /dashboard/vending-history or /admin-dashboard/vending-history. */
  detailsPath: string;
  /** Shows the client column (admins), rendering the client's name. */
  client?: (row: T & AdminVendListItem) => ReactNode;
}) {
  const navigate = useNavigate();
  const to = (r: T) => `${detailsPath}/${r.id}`;
  // Phone and Network, or a bill's Meter number and Biller: the page's word over the column, each
  // row's own on its card.
  const words = recipientHeaders(rows);
  const columns: Column<T>[] = [
    {
      key: 'date',
      card: 'main' as const,
      header: 'Date',
      cell: (r) => (
        <time dateTime={r.createdAt} className="block">
          <span className="block text-slate-800">{formatDate(r.createdAt)}</span>
          <span className="block text-xs text-slate-500">{formatTime(r.createdAt)}</span>
        </time>
      ),
    },
    ...(client
      ? [
          {
            key: 'client',
            card: 'main' as const,
            header: 'Client',
            // Beside seven other columns: a long name takes at most three lines, in full on hover.
            wrap: { min: '8.5rem', max: '14rem' },
            cell: (r: T) => {
              const a = r as T & AdminVendListItem;
              return (
                <>
                  <div className="line-clamp-3 font-medium text-slate-900" title={a.corporateName}>
                    {client(a)}
                  </div>
                  <div className="text-xs text-slate-500">{clientTypeLabel(a.clientType)}</div>
                </>
              );
            },
          },
        ]
      : []),
    {
      key: 'reference',
      header: 'Reference',
      cell: (r) => (
        <div>
          <Link
            to={to(r)}
            onClick={(e) => e.stopPropagation()}
            className="font-mono text-xs font-medium text-brand-700 hover:underline"
          >
            {r.code}
          </Link>
          <div className="max-w-[11rem] truncate text-xs text-slate-500" title={r.reference}>
            {r.reference}
          </div>
        </div>
      ),
    },
    // With the client column (admins) the network sits under the phone, so the row still fits.
    ...(client
      ? [
          {
            key: 'phone',
            card: 'main' as const,
            header: words.number,
            cardLabel: (r: T) => recipientWords(r).number,
            cell: (r: T) => (
              <div>
                <Recipient row={r} />
                <div className="text-xs text-slate-500">{recipientNetworkLabel(r)}</div>
              </div>
            ),
          },
        ]
      : [
          {
            key: 'phone',
            card: 'main' as const,
            header: words.number,
            cardLabel: (r: T) => recipientWords(r).number,
            cell: (r: T) => <Recipient row={r} />,
          },
          {
            key: 'network',
            header: words.network,
            cardLabel: (r: T) => recipientWords(r).network,
            cell: (r: T) => recipientNetworkLabel(r),
          },
        ]),
    {
      key: 'type',
      header: 'Type',
      // Data plan names run long.
      wrap: { min: '6.5rem', max: '11rem' },
      cell: (r) => (
        <div>
          <span className="inline-flex items-center gap-1.5">
            {vendKindLabel(r.type)}
            {r.mode === 'TEST' ? <TestModeBadge /> : null}
          </span>
          {r.planName ? <div className="text-xs text-slate-500">{r.planName}</div> : null}
        </div>
      ),
    },
    {
      key: 'amount',
      card: 'main' as const,
      header: 'Amount',
      align: 'right',
      cell: (r) => (
        <span className="font-medium tabular-nums text-slate-900">{formatNaira(r.amountKobo)}</span>
      ),
    },
    {
      key: 'commission',
      header: <MoneyLabel word="commissionEarned" />,
      align: 'right',
      // Only a successful purchase earns (a pending one will if it succeeds).
      cell: (r) =>
        !earnsCommission(r.status) ? (
          <span className="text-slate-400" title="No commission: the purchase did not go through">
            —
          </span>
        ) : (
          <span className="tabular-nums">{formatNaira(r.commissionKobo)}</span>
        ),
    },
    {
      key: 'status',
      card: 'main' as const,
      header: 'Status',
      cell: (r) => <VendStatusBadge status={r.status} />,
    },
  ];
  return (
    <Table
      caption="Vending transactions"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      loading={loading}
      emptyText={emptyText}
      onRowClick={(r) => navigate(to(r))}
      dense={!!client}
    />
  );
}
