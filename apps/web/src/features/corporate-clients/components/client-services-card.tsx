// The services a client may vend through (DESIGN §2: admins assign services to clients). Every
// service is listed with whether the client has it; admins holding services.manage tick and untick
// them and save the whole list (PUT services/assign) after a confirmation naming the changes.
import type { ServiceView } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { type Column, Table } from '@/components/ui/table';
import { toastApiError } from '@/lib/api-toasts';
import {
  formatRate,
  networkLabel,
  platformLabel,
  serviceName,
  serviceTypeLabel,
} from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { useAssignClientServices } from '../api/assign-client-services';
import { useClientServices } from '../api/get-client-services';

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

export function ClientServicesCard({
  corporateId,
  clientName,
  canManage,
}: {
  corporateId: string;
  clientName: string;
  canManage: boolean;
}) {
  const services = useClientServices(corporateId);
  const assign = useAssignClientServices();
  const rows = services.data ?? [];
  const saved = new Set(rows.filter((s) => s.assigned).map((s) => s.id));
  // The admin's ticks, until saved or discarded; null shows what the server holds.
  const [draft, setDraft] = useState<Set<string> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = draft ?? saved;
  const dirty = !!draft && !sameSet(draft, saved);
  const added = rows.filter((s) => chosen.has(s.id) && !saved.has(s.id));
  const removed = rows.filter((s) => !chosen.has(s.id) && saved.has(s.id));

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setDraft(next);
  };

  const save = () =>
    assign.mutate(
      { corporateId, serviceIds: rows.filter((s) => chosen.has(s.id)).map((s) => s.id) },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The services could not be assigned.');
            return;
          }
          toast.success(res.message);
          setConfirming(false);
          setDraft(null);
        },
        onError: toastApiError,
      },
    );

  const columns: Column<ServiceView>[] = [
    {
      key: 'assigned',
      card: 'action',
      header: canManage ? 'Assign' : 'Assigned',
      cell: (s) =>
        canManage ? (
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
            checked={chosen.has(s.id)}
            onChange={(e) => toggle(s.id, e.target.checked)}
            aria-label={`Assign ${serviceName(s)}`}
            disabled={assign.isPending}
          />
        ) : saved.has(s.id) ? (
          <Badge tone="success">Assigned</Badge>
        ) : (
          <span className="text-xs text-slate-400">No</span>
        ),
    },
    {
      key: 'service',
      card: 'main',
      header: 'Service',
      cell: (s) => (
        <span className="font-medium text-slate-900">
          {networkLabel(s.network)} {serviceTypeLabel(s.service)}
        </span>
      ),
    },
    { key: 'platform', card: 'main', header: 'Platform', cell: (s) => platformLabel(s.platform) },
    {
      key: 'commission',
      card: 'main',
      header: 'Commission',
      align: 'right',
      cell: (s) => <span className="tabular-nums">{formatRate(s.commissionBps)}</span>,
    },
    {
      key: 'bounds',
      header: 'Amount per vend',
      align: 'right',
      cell: (s) => (
        <span className="tabular-nums">
          {formatNaira(s.minAmountKobo)} – {formatNaira(s.maxAmountKobo)}
        </span>
      ),
    },
    { key: 'status', card: 'main', header: 'Status', cell: (s) => <ActiveStatusBadge status={s.status} /> },
  ];

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Services"
        description={`${saved.size} of ${rows.length} assigned. The client vends through its active assigned services; with two of the same network and type, the older one is used.`}
        actions={
          canManage && draft ? (
            <>
              <Button variant="ghost" onClick={() => setDraft(null)} disabled={assign.isPending}>
                Discard
              </Button>
              <Button onClick={() => setConfirming(true)} disabled={!dirty}>
                Save assignments
              </Button>
            </>
          ) : undefined
        }
      />
      {services.isError ? (
        <div className="p-6">
          <QueryError title="The client's services could not be loaded." onRetry={() => services.refetch()} />
        </div>
      ) : (
        <Table
          caption="Client services"
          columns={columns}
          rows={rows}
          rowKey={(s) => s.id}
          loading={services.isPending}
          emptyText="No services exist yet."
        />
      )}
      <ConfirmModal
        open={confirming}
        title="Assign services"
        message={
          <div className="space-y-3">
            {added.length ? (
              <div>
                <p className="font-medium text-slate-900">{clientName} gets</p>
                <ul className="mt-1 list-disc pl-5">
                  {added.map((s) => (
                    <li key={s.id}>{serviceName(s)}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {removed.length ? (
              <div>
                <p className="font-medium text-slate-900">{clientName} loses</p>
                <ul className="mt-1 list-disc pl-5">
                  {removed.map((s) => (
                    <li key={s.id}>{serviceName(s)}</li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
        }
        confirmLabel="Save assignments"
        tone={removed.length ? 'danger' : 'primary'}
        loading={assign.isPending}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
