// Enable or disable a biller, after a confirmation that says what changes for clients.
import type { BillerView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { toastApiError } from '@/lib/api-toasts';
import { useSetBillerStatus } from '../api/admin-billers';

export function BillerStatusModal({ biller, onClose }: { biller: BillerView | null; onClose: () => void }) {
  const setStatus = useSetBillerStatus();
  const disabling = biller?.status === 'ACTIVE';
  const confirm = () => {
    if (!biller) return;
    setStatus.mutate(
      { id: biller.id, status: disabling ? 'INACTIVE' : 'ACTIVE' },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The biller status could not be changed.');
            return;
          }
          toast.success(res.message);
          onClose();
        },
        onError: toastApiError,
      },
    );
  };
  return (
    <ConfirmModal
      open={!!biller}
      title={disabling ? 'Disable biller' : 'Enable biller'}
      message={
        biller ? (
          disabling ? (
            <>
              <strong className="font-medium text-slate-900">{biller.name}</strong> stops taking payments.
              Clients assigned it cannot pay it until it is enabled again.
            </>
          ) : (
            <>
              <strong className="font-medium text-slate-900">{biller.name}</strong> takes payments again from
              the clients assigned it.
            </>
          )
        ) : null
      }
      confirmLabel={disabling ? 'Disable' : 'Enable'}
      tone={disabling ? 'danger' : 'primary'}
      loading={setStatus.isPending}
      onConfirm={confirm}
      onCancel={onClose}
    />
  );
}
