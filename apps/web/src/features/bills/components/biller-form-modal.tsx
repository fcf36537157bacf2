// Edit a biller: the commission clients earn on it (percent) and the smallest and largest amount
// of one payment. Validated by the shared billerUpdateBody schema, sent as naira strings.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_LIMITS,
  type BillerView,
  billerUpdateBody,
  bpsToPercentString,
  koboToNairaString,
} from '@vendport/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { MoneyInput } from '@/components/ui/money-input';
import { TextInput } from '@/components/ui/text-input';
import { envelopeCallbacks } from '@/lib/api-toasts';
import { useAppForm } from '@/lib/use-app-form';
import { useUpdateBiller } from '../api/admin-billers';

const resolver = zodResolver(billerUpdateBody);
type FormValues = Parameters<typeof resolver>[0];

export const billerKindLabel = (kind: string) => (kind === 'TV' ? 'TV' : 'Electricity');

export function BillerFormModal({ biller, onClose }: { biller: BillerView; onClose: () => void }) {
  const update = useUpdateBiller();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm<FormValues, unknown, ReturnType<typeof billerUpdateBody.parse>>({
    resolver,
    defaultValues: {
      commission: bpsToPercentString(biller.commissionBps),
      minAmount: koboToNairaString(biller.minAmountKobo),
      maxAmount: koboToNairaString(biller.maxAmountKobo),
    },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit((v) => {
    update.mutate(
      {
        id: biller.id,
        body: {
          ...(v.commission !== undefined ? { commission: bpsToPercentString(v.commission) } : {}),
          ...(v.minAmount !== undefined ? { minAmount: koboToNairaString(v.minAmount) } : {}),
          ...(v.maxAmount !== undefined ? { maxAmount: koboToNairaString(v.maxAmount) } : {}),
        },
      },
      envelopeCallbacks(
        () => {
          onClose();
        },
        { failure: 'The biller could not be saved.' },
      ),
    );
  });

  return (
    <Modal
      open
      onClose={onClose}
      title="Edit biller"
      description={`${biller.name} (${billerKindLabel(biller.kind)}). Rate and limits apply to payments from now on.`}
      dismissible={!update.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Edit biller">
        <TextInput
          label="Commission (%)"
          inputMode="decimal"
          placeholder="e.g. 1.5"
          required
          error={!!errors.commission}
          errorMessage={errors.commission?.message}
          {...register('commission')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyInput
            label="Minimum amount (₦)"
            limits={AMOUNT_LIMITS.catalogue}
            required
            error={!!errors.minAmount}
            errorMessage={errors.minAmount?.message}
            {...register('minAmount')}
          />
          <MoneyInput
            label="Maximum amount (₦)"
            limits={AMOUNT_LIMITS.catalogue}
            required
            error={!!errors.maxAmount}
            errorMessage={errors.maxAmount?.message}
            {...register('maxAmount')}
          />
        </div>
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </div>
      </form>
    </Modal>
  );
}
