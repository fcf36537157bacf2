// The Business Account's decisions (spec §2, §5, §8): Approve Account (password, Submit) and
// Decline (reason and password, Cancel, Confirm Decline). Submit stays disabled while the password
// is empty; failures toast each message of the errors list; success toasts the message, closes
// the modal and the screen opens its success modal.
import { zodResolver } from '@hookform/resolvers/zod';
import { confirmPassword } from '@vendport/shared';

import toast from 'react-hot-toast';
import { z } from 'zod';
import { PasswordActionModal } from '@/components/password-action-modal';
import { Textarea } from '@/components/ui/textarea';
import type { ApiEnvelope } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { useAppForm } from '@/lib/use-app-form';
import { useApproveAccount, useDeclineAccount } from '../api/business-account';

function callbacks(onDone: () => void) {
  return {
    onSuccess: (res: ApiEnvelope<unknown>) => {
      if (res.success === false) {
        toast.error(res.message);
        return;
      }
      toast.success(res.message);
      onDone();
    },
    onError: toastApiError,
  };
}

export function ApproveModal({
  corporateId,
  review,
  onClose,
  onDone,
}: {
  corporateId: string;
  /** The Review button of a declined account: the same flow, approving a DECLINED account. */
  review: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const approve = useApproveAccount();
  const form = useAppForm({
    resolver: zodResolver(z.object({ password: confirmPassword })),
    defaultValues: { password: '' },
    mode: 'onTouched',
  });
  return (
    <PasswordActionModal
      open
      title={review ? 'Review Account' : 'Approve Account'}
      description={
        review
          ? 'This account was declined. Approving it now verifies the business; the client is told.'
          : 'Approving verifies the business; the client is told.'
      }
      submitLabel="Submit"
      pending={approve.isPending}
      passwordEmpty={!form.watch('password')}
      password={form.register('password')}
      passwordError={form.formState.errors.password}
      onSubmit={form.handleSubmit(({ password }) =>
        approve.mutate({ corporateId, password, review }, callbacks(onDone)),
      )}
      onClose={onClose}
    />
  );
}

const declineForm = z.object({
  reason: z.string().trim().min(1, 'Please enter your reason'),
  password: confirmPassword,
});

export function DeclineModal({
  corporateId,
  onClose,
  onDone,
}: {
  corporateId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const decline = useDeclineAccount();
  const form = useAppForm({
    resolver: zodResolver(declineForm),
    defaultValues: { reason: '', password: '' },
    mode: 'onTouched',
  });
  const reason = form.formState.errors.reason;
  return (
    <PasswordActionModal
      open
      title="Decline Account"
      description="Declining is final: the client is told the reason and can only be approved again through Review."
      submitLabel="Confirm Decline"
      tone="danger"
      pending={decline.isPending}
      passwordEmpty={!form.watch('password')}
      password={form.register('password')}
      passwordError={form.formState.errors.password}
      onSubmit={form.handleSubmit((v) => decline.mutate({ corporateId, ...v }, callbacks(onDone)))}
      onClose={onClose}
    >
      <Textarea
        label="Reason"
        placeholder="Why the business cannot be verified"
        rows={3}
        required
        error={!!reason}
        errorMessage={reason?.message}
        {...form.register('reason')}
      />
    </PasswordActionModal>
  );
}
