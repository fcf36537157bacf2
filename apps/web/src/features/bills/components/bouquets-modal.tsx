// A TV biller's bouquets: code, name, price and status, synced from the provider's list (new ones
// added, prices updated, withdrawn ones switched off), each enabled or disabled by hand, every
// change confirmed first.
import type { BillerView, BouquetView } from '@vendport/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { ActiveStatusBadge } from '@/components/active-status-badge';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { RepeatIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { type Column, Table } from '@/components/ui/table';
import { envelopeCallbacks, toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useAdminBouquets, useSetBouquetStatus, useSyncBouquets } from '../api/admin-billers';

export function BouquetsModal({
  biller,
  canManage,
  onClose,
}: {
  biller: BillerView;
  canManage: boolean;
  onClose: () => void;
}) {
  const bouquets = useAdminBouquets(biller.id);
  const sync = useSyncBouquets();
  const setStatus = useSetBouquetStatus();
  const [syncing, setSyncing] = useState(false);
  const [toggling, setToggling] = useState<BouquetView | null>(null);

  const onSync = () =>
    sync.mutate(biller.id, {
      onSuccess: (res) => {
        setSyncing(false);
        if (res.success === false || !res.data) {
          toast.error(res.message || 'The bouquets could not be synced.');
          return;
        }
        toast.success(
          `${res.message} ${res.data.added} added, ${res.data.repriced} repriced, ${res.data.withdrawn} withdrawn.`,
        );
      },
      onError: (e) => {
        setSyncing(false);
        toastApiError(e);
      },
    });

  const onToggle = () => {
    if (!toggling) return;
    setStatus.mutate(
      { id: toggling.id, status: toggling.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE' },
      envelopeCallbacks(
        () => {
          setToggling(null);
        },
        { failure: 'The bouquet status could not be changed.' },
      ),
    );
  };

  const columns: Column<BouquetView>[] = [
    {
      key: 'name',
      card: 'main',
      header: 'Bouquet',
      cell: (b) => (
        <div>
          <div className="font-medium text-slate-900">{b.name}</div>
          <div className="font-mono text-xs text-slate-500">{b.code}</div>
        </div>
      ),
    },
    {
      key: 'price',
      card: 'main',
      header: 'Price',
      align: 'right',
      cell: (b) => <span className="tabular-nums">{formatNaira(b.priceKobo)}</span>,
    },
    { key: 'status', card: 'main', header: 'Status', cell: (b) => <ActiveStatusBadge status={b.status} /> },
    ...(canManage
      ? [
          {
            key: 'actions',
            card: 'action' as const,
            header: <span className="sr-only">Actions</span>,
            align: 'right' as const,
            cell: (b: BouquetView) => (
              <Button
                variant={b.status === 'ACTIVE' ? 'ghost' : 'secondary'}
                size="sm"
                aria-label={`${b.status === 'ACTIVE' ? 'Disable' : 'Enable'} ${b.name}`}
                onClick={() => setToggling(b)}
              >
                {b.status === 'ACTIVE' ? 'Disable' : 'Enable'}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <>
      <Modal
        open={!syncing && !toggling}
        onClose={onClose}
        size="lg"
        title={`${biller.name} bouquets`}
        description="The bouquets clients can buy, at the provider's prices."
        footer={
          <>
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
            {canManage ? (
              <Button leftIcon={<RepeatIcon className="h-4 w-4" />} onClick={() => setSyncing(true)}>
                Sync from provider
              </Button>
            ) : null}
          </>
        }
      >
        {bouquets.isError ? (
          <QueryError title="The bouquets could not be loaded." onRetry={() => bouquets.refetch()} />
        ) : (
          <div className="max-h-[28rem] overflow-y-auto rounded-lg border border-slate-200">
            <Table
              caption={`${biller.name} bouquets`}
              columns={columns}
              rows={bouquets.data ?? []}
              rowKey={(b) => b.id}
              loading={bouquets.isPending}
              emptyText="No bouquets yet. Sync them from the provider."
            />
          </div>
        )}
      </Modal>
      <ConfirmModal
        open={syncing}
        title="Sync bouquets"
        message={`${biller.name}'s bouquets are replaced by the provider's list: new bouquets are added, prices updated, and bouquets the provider no longer sells are disabled.`}
        confirmLabel="Sync"
        loading={sync.isPending}
        onConfirm={onSync}
        onCancel={() => setSyncing(false)}
      />
      <ConfirmModal
        open={!!toggling}
        title={toggling?.status === 'ACTIVE' ? 'Disable bouquet' : 'Enable bouquet'}
        message={
          toggling?.status === 'ACTIVE'
            ? `${toggling.name} is no longer offered to clients.`
            : `${toggling?.name ?? ''} is offered to clients again.`
        }
        confirmLabel={toggling?.status === 'ACTIVE' ? 'Disable' : 'Enable'}
        tone={toggling?.status === 'ACTIVE' ? 'danger' : 'primary'}
        loading={setStatus.isPending}
        onConfirm={onToggle}
        onCancel={() => setToggling(null)}
      />
    </>
  );
}
