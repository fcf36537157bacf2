// Decline a fund request (spec §5): reason (Please enter your reason) and the acting admin's
// password (Please enter your password); Cancel and Confirm Decline, the latter disabled while the
// password is empty. Outcomes as in spec §8.
import { zodResolver } from '@hookform/resolvers/zod';
import { type FundRequestView, fundRequestDeclineBody } from '@vendport/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { TextInput } from '@/components/ui/text-input';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-toasts';
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
  } = useForm({ resolver: zodResolver(schema), defaultValues: EMPTY, mode: 'onTouched' });
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
    <Modal
      open={!!request}
      onClose={close}
      title="Decline fund request"
      description="The client is told the reason. A declined request cannot be approved later."
      dismissible={!decline.isPending}
    >
      {request ? <RequestSummary request={request} /> : null}
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-4" aria-label="Decline fund request">
        <Textarea
          label="Reason"
          placeholder="Why is this request declined?"
          required
          error={!!errors.reason}
          errorMessage={errors.reason?.message}
          {...register('reason')}
        />
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
          <Button variant="secondary" onClick={close} disabled={decline.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" loading={decline.isPending} disabled={!password}>
            Confirm Decline
          </Button>
        </div>
      </form>
    </Modal>
  );
}
