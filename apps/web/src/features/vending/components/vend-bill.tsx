// A bill's own facts on its vend's details: the biller, the customer, the meter type or bouquet,
// and what the provider returned: the token (copied with one press; admins see only its last
// digits), the units, the receipt reference and any other detail a customer needs. The client
// sends a successful bill's receipt to the customer from here (components/receipt-actions).
import type { ReactNode } from 'react';
import { QueryError } from '@/components/query-error';
import { SendReceiptButton } from '@/components/receipt-actions';
import { Card, CardHeader } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { usePermissions } from '@/lib/permissions';
import { useVendBill } from '../api/get-vend-bill';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-1 break-words text-sm font-medium text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

export function VendBill({
  id,
  area,
  pending,
}: {
  id: string;
  area: 'CORPORATE' | 'ADMIN';
  pending: boolean;
}) {
  const bill = useVendBill(id, area, true);
  const b = bill.data;
  const { can } = usePermissions();
  return (
    <Card>
      <CardHeader
        title="Bill"
        description={
          area === 'ADMIN'
            ? 'What was paid and what the provider returned. The token is shown to the client only.'
            : 'What was paid and what the provider returned.'
        }
        actions={
          area === 'CORPORATE' && b?.status === 'SUCCESSFUL' && can('vend') ? (
            <SendReceiptButton bill={b} />
          ) : null
        }
      />
      <div className="px-6 py-5">
        {bill.isPending ? (
          <div className="flex justify-center py-4 text-brand-700">
            <Spinner className="h-6 w-6" label="Loading bill" />
          </div>
        ) : bill.isError || !b ? (
          <QueryError title="The bill could not be loaded." onRetry={() => bill.refetch()} />
        ) : (
          <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2 lg:grid-cols-4">
            <Fact label="Biller">{b.billerName}</Fact>
            <Fact label="Customer number">
              <span className="font-mono text-xs">{b.customerNumber}</span>
            </Fact>
            <Fact label="Customer name">{b.customerName ?? '—'}</Fact>
            {b.customerAddress ? <Fact label="Address">{b.customerAddress}</Fact> : null}
            {b.meterType ? (
              <Fact label="Meter type">{b.meterType === 'PREPAID' ? 'Prepaid' : 'Postpaid'}</Fact>
            ) : null}
            {b.kind === 'TV' ? (
              <Fact label="Bouquet">
                {b.subscriptionType === 'RENEW' ? 'Renewal' : 'Change'}
                {b.bouquetName ? ` · ${b.bouquetName}` : ''}
              </Fact>
            ) : null}
            {b.kind === 'ELECTRICITY' && b.meterType === 'PREPAID' ? (
              <Fact label="Token" testId="vend-bill-token">
                {b.token ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="break-all font-mono">{b.token}</span>
                    {b.token.includes('*') ? null : <CopyButton value={b.token} label="Token" />}
                  </span>
                ) : pending ? (
                  'Not yet: it arrives when the provider confirms'
                ) : (
                  '—'
                )}
              </Fact>
            ) : null}
            {b.units ? <Fact label="Units">{b.units}</Fact> : null}
            {b.receiptReference ? (
              <Fact label="Receipt reference">
                <span className="font-mono text-xs">{b.receiptReference}</span>
              </Fact>
            ) : null}
            <Fact label="Customer phone">{b.phone}</Fact>
            {b.email ? <Fact label="Customer email">{b.email}</Fact> : null}
            {b.details.map((d) => (
              <Fact key={d.label} label={d.label}>
                {d.value}
              </Fact>
            ))}
          </dl>
        )}
      </div>
    </Card>
  );
}
