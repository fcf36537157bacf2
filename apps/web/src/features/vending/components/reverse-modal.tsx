// Reverse a successful vend (admins, DESIGN §4): a reason and the acting admin's password; the
// client's wallet gets the debit back. §8: failures toast each error, success toasts the message,
// closes the modal and opens a success modal.
import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminVendView, vendReverseBody } from '@vendport/shared';

import toast from 'react-hot-toast';
import { PasswordActionModal } from '@/components/password-action-modal';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useReverseVend } from '../api/reverse-vend';

export type ReversibleVend = { id: string; code: string; chargedKobo: number; corporateName: string };

export function ReverseModal({
  vend,
  onClose,
  onReversed,
}: {
  vend: ReversibleVend | null;
  onClose: () => void;
  onReversed: (reversed: AdminVendView | null) => void;
}) {
  return vend ? <ReverseForm vend={vend} onClose={onClose} onReversed={onReversed} /> : null;
}

function ReverseForm({
  vend,
  onClose,
  onReversed,
}: {
  vend: ReversibleVend;
  onClose: () => void;
  onReversed: (reversed: AdminVendView | null) => void;
}) {
  const reverse = useReverseVend();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(vendReverseBody),
    defaultValues: { password: '', reason: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(({ password, reason }) =>
    reverse.mutate(
      { vendId: vend.id, password, reason },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The vend could not be reversed.');
            return;
          }
          toast.success(res.message);
          onReversed(res.data ?? null);
        },
        onError: toastApiError,
      },
    ),
  );

  return (
    <PasswordActionModal
      open
      title="Reverse vend"
      description={`${vend.code}: refund ${formatNaira(vend.chargedKobo)} to ${vend.corporateName}’s wallet. This cannot be undone.`}
      submitLabel="Reverse and refund"
      tone="danger"
      pending={reverse.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Textarea
        label="Reason"
        placeholder="Why is this vend being reversed?"
        required
        error={!!errors.reason}
        errorMessage={errors.reason?.message}
        {...register('reason')}
      />
    </PasswordActionModal>
  );
}
