// Approve a fund request (spec §5): the acting admin's password, "Please enter your password",
// Submit disabled while it is empty. §8: failures toast each error; success false toasts the
// message as an error; success toasts the message, closes this modal and opens a success modal.
import { zodResolver } from '@hookform/resolvers/zod';
import { type FundRequestView, fundRequestApproveBody } from '@vendport/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useApproveFundRequest } from '../api/approve-fund-request';
import { RequestSummary } from './request-summary';

const schema = fundRequestApproveBody.omit({ fundRequestId: true });

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
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(schema), defaultValues: { password: '' }, mode: 'onTouched' });
  const password = watch('password');

  const close = () => {
    reset({ password: '' });
    onClose();
  };

  const onSubmit = handleSubmit(({ password }) => {
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
          reset({ password: '' });
          onApproved(res.message, res.data ?? request);
        },
        onError: toastApiError,
      },
    );
  });

  return (
    <Modal
      open={!!request}
      onClose={close}
      title="Approve fund request"
      description={
        request
          ? `Credit ${formatNaira(request.amountKobo)} to ${request.corporateName}’s wallet.`
          : undefined
      }
      dismissible={!approve.isPending}
    >
      {request ? <RequestSummary request={request} /> : null}
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Approve fund request">
        <TextInput
          label="Password"
          variant="password"
          placeholder="Enter your password"
          required
          error={!!errors.password}
          errorMessage={errors.password?.message}
          {...register('password')}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={approve.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={approve.isPending} disabled={!password}>
            Submit
          </Button>
        </div>
      </form>
    </Modal>
  );
}
