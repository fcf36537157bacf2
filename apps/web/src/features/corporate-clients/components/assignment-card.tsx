// The card both assignment screens share (client services, client billers): every item is listed
// with whether the client has it; admins who may manage tick and untick them (optionally all at
// once) and save the whole list after a confirmation naming what the client gets and loses. Each
// card supplies its rows, its other columns, its words and how a save is sent.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { QueryError } from '@/components/query-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { type Column, Table } from '@/components/ui/table';
import { formatRate } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';

const sameSet = (a: Set<string>, b: Set<string>) => a.size === b.size && [...a].every((x) => b.has(x));

export type AssignableRow = { id: string; assigned?: boolean | null };

type PricedRow = { commissionBps: number; minAmountKobo: number; maxAmountKobo: number; status: string };

/** The last columns of both lists: the commission, the amount bounds (headed `boundsHeader`), the status. */
export function pricedColumns<T extends PricedRow>(boundsHeader: string): Column<T>[] {
  return [
    {
      key: 'commission',
      card: 'main',
      header: 'Commission',
      align: 'right',
      cell: (r) => <span className="tabular-nums">{formatRate(r.commissionBps)}</span>,
    },
    {
      key: 'bounds',
      header: boundsHeader,
      align: 'right',
      cell: (r) => (
        <span className="tabular-nums">
          {formatNaira(r.minAmountKobo)} – {formatNaira(r.maxAmountKobo)}
        </span>
      ),
    },
    { key: 'status', card: 'main', header: 'Status', cell: (r) => <ActiveStatusBadge status={r.status} /> },
  ];
}

export function AssignmentCard<T extends AssignableRow>({
  query,
  saving,
  onSave,
  columns,
  itemName,
  clientName,
  canManage,
  tickAll = false,
  title,
  description,
  saveLabel,
  confirmTitle,
  caption,
  loadError,
  emptyText,
}: {
  /** The list query: every item, each marked with whether the client has it. */
  query: { data?: T[]; isError: boolean; isPending: boolean; refetch: () => unknown };
  /** Whether the save is under way. */
  saving: boolean;
  /** Sends the whole chosen list; calls `onSaved` once the server took it. */
  onSave: (ids: string[], onSaved: () => void) => void;
  /** The columns after the tick box. */
  columns: Column<T>[];
  /** The item's name in the tick box's label and in the confirmation. */
  itemName: (row: T) => string;
  clientName: string;
  canManage: boolean;
  /** Offers "Tick all" / "Untick all" to those who manage. */
  tickAll?: boolean;
  title: string;
  description: (assigned: number, total: number) => string;
  saveLabel: string;
  confirmTitle: string;
  caption: string;
  loadError: string;
  emptyText: string;
}) {
  const rows = query.data ?? [];
  const saved = new Set(rows.filter((r) => r.assigned).map((r) => r.id));
  // The admin's ticks, until saved or discarded; null shows what the server holds.
  const [draft, setDraft] = useState<Set<string> | null>(null);
  const [confirming, setConfirming] = useState(false);
  const chosen = draft ?? saved;
  const dirty = !!draft && !sameSet(draft, saved);
  const added = rows.filter((r) => chosen.has(r.id) && !saved.has(r.id));
  const removed = rows.filter((r) => !chosen.has(r.id) && saved.has(r.id));
  const allOn = rows.length > 0 && rows.every((r) => chosen.has(r.id));

  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setDraft(next);
  };

  const save = () =>
    onSave(
      rows.filter((r) => chosen.has(r.id)).map((r) => r.id),
      () => {
        setConfirming(false);
        setDraft(null);
      },
    );

  const allColumns: Column<T>[] = [
    {
      key: 'assigned',
      card: 'action',
      header: canManage ? 'Assign' : 'Assigned',
      cell: (r) =>
        canManage ? (
          <input
            type="checkbox"
            className="h-4 w-4 rounded border-slate-300 accent-brand-700"
            checked={chosen.has(r.id)}
            onChange={(e) => toggle(r.id, e.target.checked)}
            aria-label={`Assign ${itemName(r)}`}
            disabled={saving}
          />
        ) : saved.has(r.id) ? (
          <Badge tone="success">Assigned</Badge>
        ) : (
          <span className="text-xs text-slate-400">No</span>
        ),
    },
    ...columns,
  ];

  const names = (list: T[]) => (
    <ul className="mt-1 list-disc pl-5">
      {list.map((r) => (
        <li key={r.id}>{itemName(r)}</li>
      ))}
    </ul>
  );

  const saveButtons: ReactNode = draft ? (
    <>
      <Button variant="ghost" onClick={() => setDraft(null)} disabled={saving}>
        Discard
      </Button>
      <Button onClick={() => setConfirming(true)} disabled={!dirty}>
        {saveLabel}
      </Button>
    </>
  ) : null;

  return (
    <Card className="overflow-hidden">
      <CardHeader
        title={title}
        description={description(saved.size, rows.length)}
        actions={
          canManage && tickAll ? (
            <>
              {rows.length ? (
                <Button
                  variant="ghost"
                  onClick={() => setDraft(allOn ? new Set() : new Set(rows.map((r) => r.id)))}
                  disabled={saving}
                >
                  {allOn ? 'Untick all' : 'Tick all'}
                </Button>
              ) : null}
              {saveButtons}
            </>
          ) : canManage ? (
            saveButtons
          ) : undefined
        }
      />
      {query.isError ? (
        <div className="p-6">
          <QueryError title={loadError} onRetry={() => query.refetch()} />
        </div>
      ) : (
        <Table
          caption={caption}
          columns={allColumns}
          rows={rows}
          rowKey={(r) => r.id}
          loading={query.isPending}
          emptyText={emptyText}
        />
      )}
      <ConfirmModal
        open={confirming}
        title={confirmTitle}
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
        confirmLabel={saveLabel}
        tone={removed.length ? 'danger' : 'primary'}
        loading={saving}
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}
