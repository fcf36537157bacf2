// Onboarding a corporate client by an admin (spec §7 POST onboard): the company, its owner (who
// gets a temporary password by email and must change it at first sign-in), the client type, a
// credit limit for credit types, and the services to assign (the platform defaults preselected).
import { zodResolver } from '@hookform/resolvers/zod';
import { AMOUNT_LIMITS, CREDIT_CLIENT_TYPES, type OnboardBody, onboardBody } from '@vendport/shared';
import { useEffect } from 'react';

import toast from 'react-hot-toast';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Modal } from '@/components/ui/modal';
import { MoneyInput } from '@/components/ui/money-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError } from '@/lib/api-toasts';
import { serviceName } from '@/lib/catalogue-labels';
import { useAppForm } from '@/lib/use-app-form';
import { useOnboardClient, useOnboardingData } from '../api/onboard-client';
import type { ActionDone } from './action-done';

type FormValues = {
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  msisdn: string;
  clientType: OnboardBody['clientType'];
  creditLimit: string;
  serviceIds: string[];
};

export function OnboardClientModal({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (d: ActionDone) => void;
}) {
  const data = useOnboardingData();
  const onboard = useOnboardClient();
  const form = useAppForm<FormValues>({
    // raw: the API takes the form's own strings (naira, the phone as typed) and checks them again.
    resolver: zodResolver(onboardBody, undefined, { raw: true }) as never,
    defaultValues: {
      company_name: '',
      first_name: '',
      last_name: '',
      email: '',
      msisdn: '',
      clientType: 'PREPAID',
      creditLimit: '',
      serviceIds: [],
    },
    mode: 'onTouched',
    // The credit limit is only there for credit types: hidden, it is not part of what is sent or
    // checked (a prepaid client's empty, unseen limit once blocked the whole form).
    shouldUnregister: true,
  });
  const { register, handleSubmit, watch, setValue, formState } = form;
  const e = formState.errors;
  const credit = (CREDIT_CLIENT_TYPES as readonly string[]).includes(watch('clientType'));
  useEffect(() => {
    if (data.data)
      setValue(
        'serviceIds',
        data.data.services.filter((s) => s.isDefault).map((s) => s.id),
      );
  }, [data.data, setValue]);

  const submit = handleSubmit((v) =>
    onboard.mutate(
      { ...v, creditLimit: credit && v.creditLimit?.trim() ? v.creditLimit : undefined },
      {
        onSuccess: (res) => {
          if (res.success === false) {
            toast.error(res.message);
            return;
          }
          toast.success(res.message);
          onDone({
            title: 'Client onboarded',
            message: `${v.company_name} has been created. A temporary password has been emailed to ${res.data.email}; they will choose their own at first sign-in.`,
          });
        },
        onError: toastApiError,
      },
    ),
  );

  return (
    <Modal open onClose={onClose} title="Onboard client" size="lg" dismissible={!onboard.isPending}>
      {data.isPending ? (
        <div className="flex justify-center py-10 text-brand-700">
          <Spinner className="h-6 w-6" label="Loading" />
        </div>
      ) : data.isError || !data.data ? (
        <QueryError title="The onboarding form could not be loaded." onRetry={() => void data.refetch()} />
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Onboard client">
          <TextInput
            label="Company name"
            required
            error={!!e.company_name}
            errorMessage={e.company_name?.message}
            {...register('company_name')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextInput
              label="Owner first name"
              required
              error={!!e.first_name}
              errorMessage={e.first_name?.message}
              {...register('first_name')}
            />
            <TextInput
              label="Owner last name"
              required
              error={!!e.last_name}
              errorMessage={e.last_name?.message}
              {...register('last_name')}
            />
            <TextInput
              label="Owner email"
              type="email"
              required
              error={!!e.email}
              errorMessage={e.email?.message}
              {...register('email')}
            />
            <TextInput
              label="Phone number"
              variant="phone"
              placeholder="803 123 4567"
              required
              error={!!e.msisdn}
              errorMessage={e.msisdn?.message}
              {...register('msisdn')}
            />
            <Select
              label="Client type"
              options={data.data.clientTypes.map((t) => ({ value: t.value, label: t.label }))}
              {...register('clientType')}
            />
            {credit ? (
              <MoneyInput
                label="Credit limit (₦)"
                limits={AMOUNT_LIMITS.creditLimit}
                placeholder="e.g. 500,000"
                error={!!e.creditLimit}
                errorMessage={e.creditLimit?.message}
                {...register('creditLimit')}
              />
            ) : null}
          </div>
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Services</legend>
            <div className="mt-2 grid max-h-48 gap-2 overflow-y-auto sm:grid-cols-2">
              {data.data.services.map((s) => (
                <Checkbox key={s.id} label={serviceName(s)} value={s.id} {...register('serviceIds')} />
              ))}
            </div>
            {e.serviceIds ? (
              <p className="mt-1 text-sm text-red-600" role="alert">
                {e.serviceIds.message ?? e.serviceIds.root?.message ?? 'Choose services that exist'}
              </p>
            ) : null}
          </fieldset>
          <div className="flex justify-end gap-3 pt-1">
            <Button variant="secondary" onClick={onClose} disabled={onboard.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={onboard.isPending}>
              Onboard client
            </Button>
          </div>
        </form>
      )}
    </Modal>
  );
}
