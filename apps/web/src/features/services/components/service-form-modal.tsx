// Add or edit a service: network, service (AIRTIME or DATA), platform, commission in percent,
// the platforms tried next when the first fails, and the naira bounds of one vend. Validated by
// the shared serviceBody schema; sent as the spec's {network, service, platform, commission}
// plus fallbackPlatforms and the bounds.

import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_LIMITS,
  bpsToPercentString,
  koboToNairaString,
  PLATFORMS,
  type Platform,
  type ServiceView,
  serviceBody,
} from '@vendport/shared';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/modal';
import { MoneyInput } from '@/components/ui/money-input';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError } from '@/lib/api-toasts';
import {
  NETWORK_OPTIONS,
  PLATFORM_OPTIONS,
  platformLabel,
  SERVICE_TYPE_OPTIONS,
  serviceName,
} from '@/lib/catalogue-labels';
import { useAppForm } from '@/lib/use-app-form';
import { type ServicePayload, useAddService, useUpdateService } from '../api/save-service';

const zod = zodResolver(serviceBody);
/** Empty bound fields mean "not given" (the API's defaults, or the current bounds on edit). */
const resolver: typeof zod = (values, context, options) =>
  zod(
    {
      ...values,
      minAmount: values.minAmount === '' ? undefined : values.minAmount,
      maxAmount: values.maxAmount === '' ? undefined : values.maxAmount,
    },
    context,
    options,
  );

type FormValues = Parameters<typeof zod>[0];

function initialValues(service: ServiceView | null): FormValues {
  if (!service)
    return {
      network: 'MTN',
      service: 'AIRTIME',
      platform: 'AGGREGATOR',
      commission: '',
      fallbackPlatforms: [],
      minAmount: '',
      maxAmount: '',
    };
  return {
    network: service.network,
    service: service.service,
    platform: service.platform,
    commission: bpsToPercentString(service.commissionBps),
    fallbackPlatforms: service.fallbackPlatforms,
    minAmount: koboToNairaString(service.minAmountKobo),
    maxAmount: koboToNairaString(service.maxAmountKobo),
  };
}

export function ServiceFormModal({
  service,
  onClose,
  onSaved,
}: {
  /** The service to edit; null adds a new one. Mount once per opening. */
  service: ServiceView | null;
  onClose: () => void;
  onSaved: (saved: ServiceView) => void;
}) {
  const add = useAddService();
  const update = useUpdateService();
  const pending = add.isPending || update.isPending;
  const editing = !!service;
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    formState: { errors },
  } = useAppForm({ resolver, defaultValues: initialValues(service), mode: 'onTouched' });

  const platform = watch('platform');
  const fallbacks = (watch('fallbackPlatforms') ?? []) as Platform[];
  const platformField = register('platform');

  const onSubmit = handleSubmit((v) => {
    const body: ServicePayload = {
      network: v.network,
      service: v.service,
      platform: v.platform,
      commission: bpsToPercentString(v.commission),
      fallbackPlatforms: v.fallbackPlatforms ?? [],
      ...(v.minAmount !== undefined ? { minAmount: koboToNairaString(v.minAmount) } : {}),
      ...(v.maxAmount !== undefined ? { maxAmount: koboToNairaString(v.maxAmount) } : {}),
    };
    const handlers = {
      onSuccess: (res: Awaited<ReturnType<typeof update.mutateAsync>>) => {
        if (res.success === false) {
          toast.error(res.message || 'The service could not be saved.');
          return;
        }
        toast.success(res.message);
        onSaved(res.data);
      },
      onError: toastApiError,
    };
    if (service) update.mutate({ id: service.id, body }, handlers);
    else add.mutate(body, handlers);
  });

  const title = editing ? 'Edit service' : 'Add service';
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      description={
        service
          ? `${serviceName(service)}. Rate and bounds apply to vends from now on.`
          : 'A network’s airtime or data through one upstream platform, with the commission clients earn on it.'
      }
      dismissible={!pending}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label={title}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label="Network"
            options={NETWORK_OPTIONS}
            required
            error={!!errors.network}
            errorMessage={errors.network?.message}
            {...register('network')}
          />
          <Select
            label="Service"
            options={SERVICE_TYPE_OPTIONS}
            required
            error={!!errors.service}
            errorMessage={errors.service?.message}
            {...register('service')}
          />
          <Select
            label="Platform"
            options={PLATFORM_OPTIONS}
            required
            error={!!errors.platform}
            errorMessage={errors.platform?.message}
            {...platformField}
            onChange={(e) => {
              // A platform is never its own fallback.
              setValue(
                'fallbackPlatforms',
                fallbacks.filter((p) => p !== e.target.value),
              );
              return platformField.onChange(e);
            }}
          />
          <TextInput
            label="Commission (%)"
            inputMode="decimal"
            placeholder="e.g. 2.5"
            required
            error={!!errors.commission}
            errorMessage={errors.commission?.message}
            {...register('commission')}
          />
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Fallback platforms</legend>
          <p className="text-xs text-slate-500">
            Tried next, in order, when the platform fails definitively.
          </p>
          <div className="flex flex-wrap gap-4">
            {PLATFORMS.filter((p) => p !== platform).map((p) => (
              <Checkbox
                key={p}
                label={`Fall back to ${platformLabel(p)}`}
                checked={fallbacks.includes(p)}
                onChange={(e) =>
                  setValue(
                    'fallbackPlatforms',
                    e.target.checked ? [...fallbacks, p] : fallbacks.filter((x) => x !== p),
                    { shouldValidate: true },
                  )
                }
              />
            ))}
          </div>
          {errors.fallbackPlatforms?.message ? (
            <p className="text-xs font-medium text-red-600" role="alert">
              {errors.fallbackPlatforms.message}
            </p>
          ) : null}
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <MoneyInput
            label="Minimum amount (₦)"
            limits={AMOUNT_LIMITS.catalogue}
            placeholder={editing ? undefined : 'Default'}
            error={!!errors.minAmount}
            errorMessage={errors.minAmount?.message}
            {...register('minAmount')}
          />
          <MoneyInput
            label="Maximum amount (₦)"
            limits={AMOUNT_LIMITS.catalogue}
            placeholder={editing ? undefined : 'Default'}
            error={!!errors.maxAmount}
            errorMessage={errors.maxAmount?.message}
            {...register('maxAmount')}
          />
        </div>
        {editing ? null : (
          <p className="text-xs text-slate-500">
            Leave the amounts blank to use the platform’s default bounds.
          </p>
        )}
        <div className="flex justify-end gap-3 pt-1">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {editing ? 'Save changes' : 'Add service'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
