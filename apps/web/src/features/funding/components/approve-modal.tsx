// Approve a fund request (spec §5): the acting admin's password, "Please enter your password",
// Submit disabled while it is empty. §8: failures toast each error; success false toasts the
// message as an error; success toasts the message, closes this modal and opens a success modal.
import type { FundRequestView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { PasswordConfirmModal } from '@/components/password-action-modal';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useApproveFundRequest } from '../api/approve-fund-request';
import { RequestSummary } from './request-summary';

export function ApproveModal({
  request,
  onClose,
  onApproved,
}: {
  request: FundRequestView | null;
  onClose: () => void;
  onApproved: (message: string, request: FundRequestView) => void;
}) {
  const approve = useApproveFundRequest();

  const onConfirm = (password: string) => {
    if (!request) return;
    approve.mutate(
      { fundRequestId: request.id, password },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The request could not be approved.');
            return;
          }
          toast.success(res.message);
          onApproved(res.message, res.data ?? request);
        },
        onError: toastApiError,
      },
    );
  };

  return (
    <PasswordConfirmModal
      open={!!request}
      title="Approve fund request"
      description={
        request
          ? `Credit ${formatNaira(request.amountKobo)} to ${request.corporateName}’s wallet.`
          : undefined
      }
      submitLabel="Submit"
      pending={approve.isPending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {request ? <RequestSummary request={request} /> : null}
    </PasswordConfirmModal>
  );
}
