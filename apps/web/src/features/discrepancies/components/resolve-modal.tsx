// Resolve a discrepancy (admins, password-confirmed like the reversal): the resolutions its kind
// allows, what each does to the client's money, an optional note (required to dismiss).
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DISCREPANCY_KIND_LABELS,
  type DiscrepancyView,
  discrepancyResolveBody,
  RESOLVE_ACTION_LABELS,
  type ResolveActionName,
} from '@vendport/shared';
import toast from 'react-hot-toast';
import { PasswordActionModal } from '@/components/password-action-modal';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useResolveDiscrepancy } from '../api/resolve-discrepancy';

/** What a resolution does, in the words the admin confirms. */
export function effectOf(action: ResolveActionName, d: DiscrepancyView): string {
  const amount = d.ourAmountKobo === null ? 'the vend' : formatNaira(d.ourAmountKobo);
  const client = d.corporateName ?? 'the client';
  switch (action) {
    case 'CHARGE_AGAIN':
      return `${client}’s wallet is charged for ${amount} again (less its commission); they are notified and the vend shows why.`;
    case 'WRITE_OFF':
      return `The platform’s loss account pays the provider’s ${amount}; ${client} keeps the refund.`;
    case 'REVERSE':
      return `The vend is reversed and ${client} is refunded, as a reversal after success.`;
    default:
      return 'No money moves; the note says why the provider’s word is set aside.';
  }
}

export function ResolveModal({ item, onClose }: { item: DiscrepancyView | null; onClose: () => void }) {
  return item ? <ResolveForm item={item} onClose={onClose} /> : null;
}

function ResolveForm({ item, onClose }: { item: DiscrepancyView; onClose: () => void }) {
  const resolve = useResolveDiscrepancy();
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(discrepancyResolveBody),
    defaultValues: { action: item.actions[0] ?? 'DISMISS', note: '', password: '' },
    mode: 'onTouched',
  });
  const action = watch('action') as ResolveActionName;

  const onSubmit = handleSubmit(({ action, note, password }) => {
    if (action === 'DISMISS' && !note) {
      setError('note', { message: 'Say why the discrepancy is dismissed' });
      return;
    }
    resolve.mutate(
      { id: item.id, action, note: note || undefined, password },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The discrepancy could not be resolved.');
            return;
          }
          toast.success(res.message);
          onClose();
        },
        onError: toastApiError,
      },
    );
  });

  return (
    <PasswordActionModal
      open
      title="Resolve discrepancy"
      description={`${item.vendCode ?? item.providerReference ?? item.provider}: ${DISCREPANCY_KIND_LABELS[item.kind]}.`}
      submitLabel="Resolve"
      tone={action === 'DISMISS' ? 'primary' : 'danger'}
      pending={resolve.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-slate-50 p-3 text-sm">
        <div>
          <dt className="text-xs text-slate-500">Our books</dt>
          <dd className="font-medium text-slate-900">
            {item.ourStatus ?? 'No vend'}
            {item.ourAmountKobo !== null ? ` · ${formatNaira(item.ourAmountKobo)}` : ''}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-500">{item.provider} says</dt>
          <dd className="font-medium text-slate-900">
            {item.providerStatus}
            {item.providerAmountKobo !== null ? ` · ${formatNaira(item.providerAmountKobo)}` : ''}
          </dd>
        </div>
      </dl>
      <Select
        label="Resolution"
        options={item.actions.map((a) => ({ value: a, label: RESOLVE_ACTION_LABELS[a] }))}
        {...register('action')}
      />
      <p className="text-sm text-slate-600">{effectOf(action, item)}</p>
      <Textarea
        label="Note"
        placeholder={action === 'DISMISS' ? 'Why is the provider’s word set aside?' : 'Optional'}
        required={action === 'DISMISS'}
        error={!!errors.note}
        errorMessage={errors.note?.message}
        {...register('note')}
      />
    </PasswordActionModal>
  );
}
