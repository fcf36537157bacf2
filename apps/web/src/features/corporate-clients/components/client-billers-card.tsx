// The billers a client may pay bills to (issue 51: admins assign billers to clients like services).
// Every biller is listed with whether the client has it; admins holding services.manage tick and
// untick them and save the whole list after a confirmation naming the changes.
import type { BillerView } from '@vendport/shared';
import { useState } from 'react';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { type Column, Table } from '@/components/ui/table';
import { envelopeCallbacks } from '@/lib/api-toasts';
import { formatRate, vendKindLabel } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { useAssignClientBillers, useClientBillers } from '../api/client-billers';

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

export function ClientBillersCard({
  corporateId,
  clientName,
  canManage,
}: {
  corporateId: string;
  clientName: string;
  canManage: boolean;
}) {
  const billers = useClientBillers(corporateId);
  const assign = useAssignClientBillers();
  const rows = billers.data ?? [];
  const saved = new Set(rows.filter((b) => b.assigned).map((b) => b.id));
  const [draft, setDraft] = useState<Set<string> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = draft ?? saved;
  const dirty = !!draft && !sameSet(draft, saved);
  const added = rows.filter((b) => chosen.has(b.id) && !saved.has(b.id));
  const removed = rows.filter((b) => !chosen.has(b.id) && saved.has(b.id));
  const allOn = rows.length > 0 && rows.every((b) => chosen.has(b.id));

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setDraft(next);
  };

  const save = () =>
    assign.mutate(
      { corporateId, billerIds: rows.filter((b) => chosen.has(b.id)).map((b) => b.id) },
      envelopeCallbacks(
        () => {
          setConfirming(false);
          setDraft(null);
        },
        { failure: 'The billers could not be assigned.' },
      ),
    );

  const columns: Column<BillerView>[] = [
    {
      key: 'assigned',
      card: 'action',
      header: canManage ? 'Assign' : 'Assigned',
      cell: (b) =>
        canManage ? (
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
            checked={chosen.has(b.id)}
            onChange={(e) => toggle(b.id, e.target.checked)}
            aria-label={`Assign ${b.name}`}
            disabled={assign.isPending}
          />
        ) : saved.has(b.id) ? (
          <Badge tone="success">Assigned</Badge>
        ) : (
          <span className="text-xs text-slate-400">No</span>
        ),
    },
    {
      key: 'biller',
      card: 'main',
      header: 'Biller',
      cell: (b) => <span className="font-medium text-slate-900">{b.name}</span>,
    },
    { key: 'kind', card: 'main', header: 'Kind', cell: (b) => vendKindLabel(b.kind) },
    {
      key: 'commission',
      card: 'main',
      header: 'Commission',
      align: 'right',
      cell: (b) => <span className="tabular-nums">{formatRate(b.commissionBps)}</span>,
    },
    {
      key: 'bounds',
      header: 'Amount per payment',
      align: 'right',
      cell: (b) => (
        <span className="tabular-nums">
          {formatNaira(b.minAmountKobo)} – {formatNaira(b.maxAmountKobo)}
        </span>
      ),
    },
    { key: 'status', card: 'main', header: 'Status', cell: (b) => <ActiveStatusBadge status={b.status} /> },
  ];

  const names = (list: BillerView[]) => (
    <ul className="mt-1 list-disc pl-5">
      {list.map((b) => (
        <li key={b.id}>{b.name}</li>
      ))}
    </ul>
  );

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title="Billers"
        description={`${saved.size} of ${rows.length} assigned. The client pays electricity and TV bills to its active assigned billers.`}
        actions={
          canManage ? (
            <>
              {rows.length ? (
                <Button
                  variant="ghost"
                  onClick={() => setDraft(allOn ? new Set() : new Set(rows.map((b) => b.id)))}
                  disabled={assign.isPending}
                >
                  {allOn ? 'Untick all' : 'Tick all'}
                </Button>
              ) : null}
              {draft ? (
                <>
                  <Button variant="ghost" onClick={() => setDraft(null)} disabled={assign.isPending}>
                    Discard
                  </Button>
                  <Button onClick={() => setConfirming(true)} disabled={!dirty}>
                    Save billers
                  </Button>
                </>
              ) : null}
            </>
          ) : undefined
        }
      />
      {billers.isError ? (
        <div className="p-6">
          <QueryError title="The client's billers could not be loaded." onRetry={() => billers.refetch()} />
        </div>
      ) : (
        <Table
          caption="Client billers"
          columns={columns}
          rows={rows}
          rowKey={(b) => b.id}
          loading={billers.isPending}
          emptyText="No billers exist yet."
        />
      )}
      <ConfirmModal
        open={confirming}
        title="Assign billers"
        message={
          <div className="space-y-3">
            {added.length ? (
              <div>
                <p className="font-medium text-slate-900">{clientName} gets</p>
                {names(added)}
              </div>
            ) : null}
            {removed.length ? (
              <div>
                <p className="font-medium text-slate-900">{clientName} loses</p>
                {names(removed)}
              </div>
            ) : null}
          </div>
        }
        confirmLabel="Save billers"
        tone={removed.length ? 'danger' : 'primary'}
        loading={assign.isPending}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
