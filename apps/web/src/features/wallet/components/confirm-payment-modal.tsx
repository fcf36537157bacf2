// "I have paid" (fund-request-confirmation): asked first, from the bank transfer steps and from
// the pending requests alike. PENDING -> PAID; an admin then approves or declines.
import type { FundRequestView } from '@vendport/shared';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useConfirmFundRequest } from '../api/confirm-fund-request';

export function ConfirmPaymentModal({
  request,
  onClose,
  onConfirmed,
}: {
  request: FundRequestView | null;
  onClose: () => void;
  onConfirmed?: (request: FundRequestView) => void;
}) {
  const confirm = useConfirmFundRequest();
  const onConfirm = () => {
    if (!request) return;
    confirm.mutate(request.id, {
      onSuccess: (res) => {
        toastApiResult(res);
        if (res.success !== false) onConfirmed?.(res.data ?? { ...request, status: 'PAID' });
        onClose();
      },
      onError: (e) => {
        toastApiError(e);
        onClose();
      },
    });
  };
  return (
    <ConfirmModal
      open={!!request}
      title="Confirm your payment"
      message={
        request ? (
          <>
            Confirm that you have transferred{' '}
            <span className="font-medium text-slate-800">{formatNaira(request.amountKobo)}</span> with
            reference <span className="font-medium text-slate-800">{request.transferReference}</span>. An
            admin will check the transfer and approve the request.
          </>
        ) : null
      }
      confirmLabel="Yes, I have paid"
      loading={confirm.isPending}
      onConfirm={onConfirm}
      onCancel={onClose}
    />
  );
}
