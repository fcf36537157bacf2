// Add a data plan (network, plan code, name, data size, validity, price in naira) or edit one
// (name, size, validity, price: the network and code are fixed once clients may be using the
// code). Validated by the shared dataPlanBody / dataPlanUpdateBody schemas.

import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_LIMITS,
  type DataPlanView,
  dataPlanBody,
  dataPlanUpdateBody,
  koboToNairaString,
  type Network,
} from '@vendport/shared';
import type { ReactNode } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { MoneyInput } from '@/components/ui/money-input';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError } from '@/lib/api-toasts';
import { NETWORK_OPTIONS, networkLabel } from '@/lib/catalogue-labels';
import { useAppForm } from '@/lib/use-app-form';
import { useAddDataPlan, useUpdateDataPlan } from '../api/save-data-plan';

type Saved = (plan: DataPlanView) => void;
type Common = { name: string; size: string; validity: string; price: string | number };

function handlers(onSaved: Saved) {
  return {
    onSuccess: (res: { success: boolean; message: string; data?: DataPlanView }) => {
      if (res.success === false || !res.data) {
        toast.error(res.message || 'The data plan could not be saved.');
        return;
      }
      toast.success(res.message);
      onSaved(res.data);
    },
    onError: toastApiError,
  };
}

type PlanField = 'name' | 'size' | 'validity' | 'price';

function PlanFields({
  reg,
  errors,
}: {
  reg: (name: PlanField) => UseFormRegisterReturn;
  errors: FieldErrors<Common>;
}) {
  return (
    <>
      <TextInput
        label="Plan name"
        placeholder="e.g. MTN 1.5GB monthly"
        required
        error={!!errors.name}
        errorMessage={errors.name?.message}
        {...reg('name')}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          label="Data size"
          placeholder="e.g. 1.5GB"
          required
          error={!!errors.size}
          errorMessage={errors.size?.message}
          {...reg('size')}
        />
        <TextInput
          label="Validity"
          placeholder="e.g. 30 days"
          required
          error={!!errors.validity}
          errorMessage={errors.validity?.message}
          {...reg('validity')}
        />
        <MoneyInput
          label="Price (₦)"
          limits={AMOUNT_LIMITS.catalogue}
          placeholder="e.g. 1,500"
          required
          error={!!errors.price}
          errorMessage={errors.price?.message}
          {...reg('price')}
        />
      </div>
    </>
  );
}

function Footer({
  pending,
  onClose,
  submitLabel,
}: {
  pending: boolean;
  onClose: () => void;
  submitLabel: string;
}) {
  return (
    <div className="flex justify-end gap-3 pt-1">
      <Button variant="secondary" onClick={onClose} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </div>
  );
}

function Frame({
  title,
  description,
  pending,
  onClose,
  children,
}: {
  title: string;
  description: ReactNode;
  pending: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open onClose={onClose} title={title} description={description} dismissible={!pending}>
      {children}
    </Modal>
  );
}

function AddPlan({ network, onClose, onSaved }: { network: Network; onClose: () => void; onSaved: Saved }) {
  const add = useAddDataPlan();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(dataPlanBody),
    defaultValues: { network, code: '', name: '', size: '', validity: '', price: '' },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((v) =>
    add.mutate({ ...v, price: koboToNairaString(v.price) }, handlers(onSaved)),
  );
  return (
    <Frame
      title="Add data plan"
      description="Clients choose plans by code when they buy data; the price is what their wallet pays."
      pending={add.isPending}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add data plan">
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
            label="Plan code"
            placeholder="e.g. MTN-1.5GB-30D"
            required
            error={!!errors.code}
            errorMessage={errors.code?.message}
            {...register('code')}
          />
        </div>
        <PlanFields reg={(n) => register(n)} errors={errors} />
        <Footer pending={add.isPending} onClose={onClose} submitLabel="Add plan" />
      </form>
    </Frame>
  );
}

function EditPlan({ plan, onClose, onSaved }: { plan: DataPlanView; onClose: () => void; onSaved: Saved }) {
  const update = useUpdateDataPlan();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useAppForm({
    resolver: zodResolver(dataPlanUpdateBody),
    defaultValues: {
      name: plan.name,
      size: plan.size,
      validity: plan.validity,
      price: koboToNairaString(plan.priceKobo),
    },
    mode: 'onTouched',
  });
  const onSubmit = handleSubmit((v) =>
    update.mutate(
      {
        id: plan.id,
        body: {
          name: v.name ?? plan.name,
          size: v.size ?? plan.size,
          validity: v.validity ?? plan.validity,
          price: koboToNairaString(v.price ?? plan.priceKobo),
        },
      },
      handlers(onSaved),
    ),
  );
  return (
    <Frame
      title="Edit data plan"
      description={
        <>
          {networkLabel(plan.network)} · <span className="font-mono">{plan.code}</span>. A new price applies
          to vends from now on.
        </>
      }
      pending={update.isPending}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Edit data plan">
        <PlanFields reg={(n) => register(n)} errors={errors as FieldErrors<Common>} />
        <Footer pending={update.isPending} onClose={onClose} submitLabel="Save changes" />
      </form>
    </Frame>
  );
}

/** Mount once per opening: `plan` edits it, otherwise a new plan (network preselected). */
export function DataPlanFormModal({
  plan,
  network,
  onClose,
  onSaved,
}: {
  plan: DataPlanView | null;
  network: Network;
  onClose: () => void;
  onSaved: Saved;
}) {
  return plan ? (
    <EditPlan plan={plan} onClose={onClose} onSaved={onSaved} />
  ) : (
    <AddPlan network={network} onClose={onClose} onSaved={onSaved} />
  );
}
