// Add a VTU line: a name, its network, the dealer SIM's number (+234) and whether API-key vends
// may use it. Validated by the shared vtuAddBody schema. A new line has no float until funded.
import { zodResolver } from '@hookform/resolvers/zod';
import { vtuAddBody } from '@vendport/shared';

import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/modal';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError } from '@/lib/api-toasts';
import { NETWORK_OPTIONS } from '@/lib/catalogue-labels';
import { useAppForm } from '@/lib/use-app-form';
import { useAddVtuLine } from '../api/add-vtu-line';

export function AddLineModal({ onClose }: { onClose: () => void }) {
  const add = useAddVtuLine();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(vtuAddBody),
    defaultValues: { name: '', network: 'MTN', msisdn: '', publicApi: true },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((v) =>
    add.mutate(v, {
      onSuccess: (res) => {
        if (res.success === false) {
          toast.error(res.message || 'The line could not be added.');
          return;
        }
        toast.success(res.message);
        onClose();
      },
      onError: toastApiError,
    }),
  );
  return (
    <Modal
      open
      onClose={onClose}
      title="Add VTU line"
      description="A dealer SIM whose float vends consume. It has no float until you fund it."
      dismissible={!add.isPending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add VTU line">
        <TextInput
          label="Line name"
          placeholder="e.g. MTN dealer line 1"
          required
          error={!!errors.name}
          errorMessage={errors.name?.message}
          {...register('name')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Network"
            options={NETWORK_OPTIONS}
            required
            error={!!errors.network}
            errorMessage={errors.network?.message}
            {...register('network')}
          />
          <TextInput
            label="Line number"
            variant="phone"
            placeholder="803 123 4567"
            required
            error={!!errors.msisdn}
            errorMessage={errors.msisdn?.message}
            {...register('msisdn')}
          />
        </div>
        <Checkbox label="Serve vends made through the public API (API key)" {...register('publicApi')} />
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={add.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={add.isPending}>
            Add line
          </Button>
        </div>
      </form>
    </Modal>
  );
}
