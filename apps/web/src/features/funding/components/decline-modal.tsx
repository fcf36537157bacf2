// Decline a fund request (spec §5): reason (Please enter your reason) and the acting admin's
// password (Please enter your password); Cancel and Confirm Decline, the latter disabled while the
// password is empty. Outcomes as in spec §8.
import { zodResolver } from '@hookform/resolvers/zod';
import { type FundRequestView, fundRequestDeclineBody } from '@vendport/shared';

import toast from 'react-hot-toast';
import { PasswordActionModal } from '@/components/password-action-modal';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-toasts';
import { useAppForm } from '@/lib/use-app-form';
import { useDeclineFundRequest } from '../api/decline-fund-request';
import { RequestSummary } from './request-summary';

const schema = fundRequestDeclineBody.omit({ fundRequestId: true });
const EMPTY = { reason: '', password: '' };

export function DeclineModal({
  request,
  onClose,
  onDeclined,
}: {
  request: FundRequestView | null;
  onClose: () => void;
  onDeclined: (message: string, request: FundRequestView) => void;
}) {
  const decline = useDeclineFundRequest();
  const {
    register,
    handleSubmit,
    watch,
    reset,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onTouched' });
  const password = watch('password');

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const onSubmit = handleSubmit(({ reason, password }) => {
    if (!request) return;
    decline.mutate(
      { fundRequestId: request.id, reason, password },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The request could not be declined.');
            return;
          }
          toast.success(res.message);
          reset(EMPTY);
          onDeclined(res.message, res.data ?? request);
        },
        onError: toastApiError,
      },
    );
  });

  return (
    <PasswordActionModal
      open={!!request}
      title="Decline fund request"
      description="The client is told the reason. A declined request cannot be approved later."
      submitLabel="Confirm Decline"
      tone="danger"
      pending={decline.isPending}
      passwordEmpty={!password}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={close}
    >
      {request ? <RequestSummary request={request} /> : null}
      <Textarea
        label="Reason"
        placeholder="Why is this request declined?"
        required
        error={!!errors.reason}
        errorMessage={errors.reason?.message}
        {...register('reason')}
      />
    </PasswordActionModal>
  );
}
