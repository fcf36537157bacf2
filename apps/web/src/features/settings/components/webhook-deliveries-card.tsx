// The webhook delivery log: every event sent (newest first) with its status, attempts and the
// last answer; Resend sends an event again now. The pager lives in the URL.
import type { WebhookDeliveryView } from '@vendport/shared';
import { Link } from 'react-router';
import { QueryError } from '@/components/query-error';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Pager, usePageParams } from '@/components/ui/pager';
import { type Column, Table } from '@/components/ui/table';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { formatDate, formatTime } from '@/lib/format';
import { statusLabel } from '@/lib/labels';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';

const TONES: Record<string, BadgeTone> = { DELIVERED: 'success', PENDING: 'warning', FAILED: 'danger' };

export function WebhookDeliveriesCard({ canManage }: { canManage: boolean }) {
  const { page, limit } = usePageParams();
  const deliveries = useWebhookDeliveries(page, limit);
  const resend = useResendWebhookDelivery();

  const columns: Column<WebhookDeliveryView>[] = [
    {
      key: 'date',
      card: 'main',
      header: 'Date',
      cell: (r) => (
        <time dateTime={r.createdAt}>
          <span className="block text-slate-800">{formatDate(r.createdAt)}</span>
          <span className="block text-xs text-slate-500">{formatTime(r.createdAt)}</span>
        </time>
      ),
    },
    {
      key: 'event',
      card: 'main',
      header: 'Event',
      cell: (r) => (
        <div>
          <span className="font-mono text-xs text-slate-900">{r.eventType}</span>
          {r.mode === 'TEST' ? (
            <Badge tone="warning" className="ml-2">
              Test
            </Badge>
          ) : null}
          {r.resendOf ? <div className="text-xs text-slate-500">Resent</div> : null}
        </div>
      ),
    },
    {
      key: 'vend',
      card: 'main',
      header: 'Vend',
      cell: (r) =>
        r.vendId && r.vendCode ? (
          <Link
            to={`/dashboard/vending-history/${r.vendId}`}
            className="font-mono text-xs text-brand-700 hover:underline"
          >
            {r.vendCode}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      key: 'status',
      card: 'main',
      header: 'Status',
      cell: (r) => <Badge tone={TONES[r.status] ?? 'neutral'}>{statusLabel(r.status)}</Badge>,
    },
    { key: 'attempts', header: 'Attempts', align: 'right', cell: (r) => r.attempts },
    {
      key: 'answer',
      header: 'Last answer',
      cell: (r) =>
        r.lastStatusCode ? (
          `HTTP ${r.lastStatusCode}`
        ) : r.lastError ? (
          <span title={r.lastError} className="block max-w-[16rem] truncate">
            {r.lastError}
          </span>
        ) : (
          '—'
        ),
    },
    ...(canManage
      ? [
          {
            key: 'resend',
            card: 'action' as const,
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (r: WebhookDeliveryView) => (
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Resend ${r.eventType} of ${r.vendCode ?? r.eventId}`}
                loading={resend.isPending && resend.variables === r.id}
                disabled={resend.isPending}
                onClick={() => resend.mutate(r.id, { onSuccess: toastApiResult, onError: toastApiError })}
              >
                Resend
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card className="overflow-hidden">
      <CardHeader title="Webhook deliveries" description="Every event sent to your webhook, newest first." />
      {deliveries.isError ? (
        <div className="p-6">
          <QueryError title="Deliveries could not be loaded." onRetry={() => deliveries.refetch()} />
        </div>
      ) : (
        <Table
          caption="Webhook deliveries"
          columns={columns}
          rows={deliveries.data?.data ?? []}
          rowKey={(r) => r.id}
          loading={deliveries.isPending}
          emptyText="No events sent yet."
        />
      )}
      {deliveries.data ? (
        <Pager
          hasMorePages={deliveries.data.hasMorePages}
          lastPage={deliveries.data.lastPage}
          disabled={deliveries.isFetching}
        />
      ) : null}
    </Card>
  );
}
