// Resolve a gateway discrepancy (issue 50): how (credit the client, refund at Paystack, write off:
// only what the discrepancy allows), why, the client to credit when Paystack's payment named none,
// and the acting admin's password. Each discrepancy is resolved once; the server says so otherwise.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  GATEWAY_ACTION_LABELS,
  type GatewayDiscrepancyView,
  gatewayDiscrepancyResolveBody,
} from '@vendport/shared';
import toast from 'react-hot-toast';
import { PasswordActionModal } from '@/components/password-action-modal';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useResolveGatewayDiscrepancy } from '../api/resolve-gateway-discrepancy';

export function ResolveDiscrepancyModal({
  discrepancy,
  onClose,
}: {
  discrepancy: GatewayDiscrepancyView | null;
  onClose: () => void;
}) {
  return discrepancy ? <ResolveForm d={discrepancy} onClose={onClose} /> : null;
}

function ResolveForm({ d, onClose }: { d: GatewayDiscrepancyView; onClose: () => void }) {
  const resolve = useResolveGatewayDiscrepancy();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(gatewayDiscrepancyResolveBody),
    defaultValues: { action: d.actions[0] ?? 'WRITE_OFF', note: '', corporate_id: undefined, password: '' },
    mode: 'onTouched',
  });
  const action = watch('action');
  const needsClient = action === 'CREDIT' && !d.corporateId;

  const onSubmit = handleSubmit((body) =>
    resolve.mutate(
      { id: d.id, ...body, corporate_id: needsClient ? body.corporate_id : undefined },
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
    ),
  );

  const held = d.heldKobo > 0 ? `Paystack holds ${formatNaira(d.heldKobo)} that no wallet has.` : '';
  return (
    <PasswordActionModal
      open
      title={`Resolve ${d.code}`}
      description={`${d.reference}: ${d.detail}. ${held}`.trim()}
      submitLabel="Resolve"
      pending={resolve.isPending}
      passwordEmpty={!watch('password')}
      password={register('password')}
      passwordError={errors.password}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Select
        label="Action"
        required
        options={d.actions.map((a) => ({ value: a, label: GATEWAY_ACTION_LABELS[a] }))}
        error={!!errors.action}
        errorMessage={errors.action?.message}
        {...register('action')}
      />
      {needsClient ? (
        <TextInput
          label="Client ID to credit"
          placeholder="The client's ID, from its account page"
          required
          error={!!errors.corporate_id}
          errorMessage={errors.corporate_id?.message}
          {...register('corporate_id', { setValueAs: (v: string) => (v ? v.trim() : undefined) })}
        />
      ) : null}
      <Textarea
        label="Note"
        placeholder="What you checked, and why this resolves it"
        required
        error={!!errors.note}
        errorMessage={errors.note?.message}
        {...register('note')}
      />
    </PasswordActionModal>
  );
}
