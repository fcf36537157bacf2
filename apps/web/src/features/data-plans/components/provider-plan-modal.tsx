// Edit one of our plans' mapping at a provider: the provider's code, what it charges (naira) and
// whether the route may send the plan there. Validated by the shared providerPlanBody.

import { zodResolver } from '@hookform/resolvers/zod';
import { AMOUNT_LIMITS, koboToNairaString, type ProviderPlanView, providerPlanBody } from '@vendport/shared';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/modal';
import { MoneyInput } from '@/components/ui/money-input';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError } from '@/lib/api-toasts';
import { networkLabel } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { useSaveProviderPlan } from '../api/provider-plans';

const formSchema = providerPlanBody.pick({ providerCode: true, providerPrice: true, active: true });

export function ProviderPlanModal({ row, onClose }: { row: ProviderPlanView; onClose: () => void }) {
  const save = useSaveProviderPlan();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(formSchema),
    defaultValues: {
      providerCode: row.mapping?.providerCode ?? '',
      providerPrice:
        row.mapping?.providerPriceKobo != null ? koboToNairaString(row.mapping.providerPriceKobo) : '',
      active: row.mapping?.active ?? true,
    },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((v) =>
    save.mutate(
      {
        dataPlanId: row.dataPlanId,
        provider: row.provider,
        providerCode: v.providerCode,
        providerPrice: koboToNairaString(v.providerPrice),
        active: v.active,
      },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message || 'The provider code could not be saved.');
            return;
          }
          toast.success(res.message);
          onClose();
        },
        onError: toastApiError,
      },
    ),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title={`${row.mapping ? 'Edit' : 'Add'} ${row.provider} code`}
      description={
        <>
          {networkLabel(row.network)} · <span className="font-mono">{row.code}</span> · {row.name} (our price{' '}
          {formatNaira(row.priceKobo)})
        </>
      }
      dismissible={!save.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Provider code mapping">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Provider code"
            placeholder="e.g. mtn-100mb-1000"
            required
            error={!!errors.providerCode}
            errorMessage={errors.providerCode?.message}
            {...register('providerCode')}
          />
          <MoneyInput
            label="Provider price (₦)"
            limits={AMOUNT_LIMITS.providerPrice}
            placeholder="e.g. 1,000"
            required
            error={!!errors.providerPrice}
            errorMessage={errors.providerPrice?.message}
            {...register('providerPrice')}
          />
        </div>
        <Checkbox label={`Active: vends of this plan may go to ${row.provider}`} {...register('active')} />
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save code
          </Button>
        </div>
      </form>
    </Modal>
  );
}
