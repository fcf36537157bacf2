// Enable or disable a service, after a confirmation that says what changes for clients. The API
// takes no password for this action, so none is asked.
import type { ServiceView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { toastApiError } from '@/lib/api-toasts';
import { serviceName } from '@/lib/catalogue-labels';
import { useSetServiceStatus } from '../api/set-service-status';

export function ServiceStatusModal({
  service,
  onClose,
}: {
  service: ServiceView | null;
  onClose: () => void;
}) {
  const setStatus = useSetServiceStatus();
  const disabling = service?.status === 'ACTIVE';
  const confirm = () => {
    if (!service) return;
    setStatus.mutate(
      { id: service.id, status: disabling ? 'INACTIVE' : 'ACTIVE' },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The service status could not be changed.');
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
      open={!!service}
      title={disabling ? 'Disable service' : 'Enable service'}
      message={
        service ? (
          disabling ? (
            <>
              <strong className="font-medium text-slate-900">{serviceName(service)}</strong> stops taking
              vends. Clients assigned it cannot buy through it until it is enabled again.
            </>
          ) : (
            <>
              <strong className="font-medium text-slate-900">{serviceName(service)}</strong> takes vends again
              from the clients assigned it.
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
