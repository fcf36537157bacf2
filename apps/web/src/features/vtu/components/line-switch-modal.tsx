// The two on/off settings of a line, each after a confirmation saying what it changes:
// activate/deactivate (vtu/status) and serving API-key vends (vtu/public-api). The API asks for
// no password for either.
import type { VtuLineView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { toastApiError } from '@/lib/api-toasts';
import { useSetVtuLineStatus } from '../api/set-vtu-line-status';
import { useSetVtuPublicApi } from '../api/set-vtu-public-api';

export type LineSwitch = { line: VtuLineView; setting: 'status' | 'publicApi' };

const outcome = (onClose: () => void, fallback: string) => ({
  onSuccess: (res: { success: boolean; message: string }) => {
    if (res.success === false) {
      toast.error(res.message || fallback);
      return;
    }
    toast.success(res.message);
    onClose();
  },
  onError: toastApiError,
});

export function LineSwitchModal({ target, onClose }: { target: LineSwitch | null; onClose: () => void }) {
  const setStatus = useSetVtuLineStatus();
  const setPublicApi = useSetVtuPublicApi();
  const line = target?.line;
  const name = line ? <strong className="font-medium text-slate-900">{line.name}</strong> : null;

  if (target?.setting === 'publicApi' && line) {
    const enabling = !line.publicApi;
    return (
      <ConfirmModal
        open
        title={enabling ? 'Serve API vends' : 'Stop serving API vends'}
        message={
          enabling ? (
            <>Vends that clients make through the public API (with their API key) may use {name} again.</>
          ) : (
            <>
              Vends that clients make through the public API (with their API key) will no longer use {name}.
              Vends from the portal, bulk uploads and auto top-up still may.
            </>
          )
        }
        confirmLabel={enabling ? 'Serve API vends' : 'Stop API vends'}
        tone={enabling ? 'primary' : 'danger'}
        loading={setPublicApi.isPending}
        onCancel={onClose}
        onConfirm={() =>
          setPublicApi.mutate(
            { vtuLine: line.id, enabled: enabling },
            outcome(onClose, 'The line could not be changed.'),
          )
        }
      />
    );
  }

  const deactivating = line?.status === 'ACTIVE';
  return (
    <ConfirmModal
      open={!!line}
      title={deactivating ? 'Deactivate VTU line' : 'Activate VTU line'}
      message={
        deactivating ? (
          <>No vend will use {name} until it is activated again. Its float stays on the books.</>
        ) : (
          <>Vends may use {name} again, as far as its float allows.</>
        )
      }
      confirmLabel={deactivating ? 'Deactivate' : 'Activate'}
      tone={deactivating ? 'danger' : 'primary'}
      loading={setStatus.isPending}
      onCancel={onClose}
      onConfirm={() =>
        line &&
        setStatus.mutate(
          { vtuLine: line.id, status: deactivating ? 'INACTIVE' : 'ACTIVE' },
          outcome(onClose, 'The line status could not be changed.'),
        )
      }
    />
  );
}
