// Step one of a bill: the biller, the meter type (electricity), the customer number, and Verify.
// Checked by the shared verify schema, then sent to the provider (through the server); a number
// the provider does not know comes back in the server's words, under the form, and nothing is
// debited.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  type BillerView,
  type BillKind,
  type BillVerificationView,
  billVerifyBody,
  METER_TYPES,
  type MeterType,
} from '@vendport/shared';
import { useMemo, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { BILL_REFUSALS } from '@/lib/api/bill-refusals';
import { useVerifyBill } from '@/lib/api/verify-bill';
import { ApiError } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { cn } from '@/lib/cn';
import { useAppForm } from '@/lib/use-app-form';
import { meterTypeLabel } from './bill-rules';

export type VerifyValues = { biller: string; meterType: MeterType | ''; customerNumber: string };
type FormValues = VerifyValues;
type Verified = { biller: BillerView; verification: BillVerificationView };

const notAssigned = (b: BillerView) =>
  `${b.name} is not enabled for your account. Contact support to have it assigned.`;

function verifyResolver(
  kind: BillKind,
  billers: readonly BillerView[],
): Resolver<FormValues, unknown, Verified['biller'] & { body: ReturnType<typeof billVerifyBody.parse> }> {
  const schema = zodResolver(billVerifyBody);
  return async (values, context, options) => {
    const body = {
      biller: values.biller,
      customerNumber: values.customerNumber,
      meterType: kind === 'ELECTRICITY' ? values.meterType || undefined : undefined,
    };
    // biome-ignore lint/suspicious/noExplicitAny: the schema's input differs from the form's shape by design
    const res = await schema(body as any, context, options as any);
    if (Object.keys(res.errors).length > 0)
      return { values: {}, errors: res.errors as FieldErrors<FormValues> };
    const biller = billers.find((b) => b.code === values.biller);
    if (!biller || biller.assigned === false)
      return {
        values: {},
        errors: {
          biller: { type: 'custom', message: biller ? notAssigned(biller) : 'Choose a biller' },
        } as FieldErrors<FormValues>,
      };
    return { values: { ...biller, body: res.values as ReturnType<typeof billVerifyBody.parse> }, errors: {} };
  };
}

export function VerifyForm({
  kind,
  billers,
  initial,
  onVerified,
}: {
  kind: BillKind;
  billers: readonly BillerView[];
  /** What was verified last (back from "Change number"): the form starts from it. */
  initial: VerifyValues | null;
  onVerified: (v: Verified, values: VerifyValues) => void;
}) {
  const resolver = useMemo(() => verifyResolver(kind, billers), [kind, billers]);
  const electricity = kind === 'ELECTRICITY';
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    formState: { errors },
  } = useAppForm<FormValues, unknown, BillerView & { body: ReturnType<typeof billVerifyBody.parse> }>({
    resolver,
    defaultValues: initial ?? { biller: '', meterType: electricity ? 'PREPAID' : '', customerNumber: '' },
    mode: 'onTouched',
  });
  const verify = useVerifyBill();
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosen = billers.find((b) => b.code === watch('biller'));
  const meterType = watch('meterType');
  const numberLabel =
    chosen?.customerNumberLabel ?? (electricity ? 'Meter number' : 'Smartcard or IUC number');

  const onSubmit = handleSubmit(({ body, ...biller }) => {
    setRefusal(null);
    verify.mutate(body, {
      onSuccess: (res) => {
        if (res.success === false || !res.data) {
          setRefusal(res.message || 'The number could not be verified.');
          return;
        }
        onVerified({ biller, verification: res.data }, getValues());
      },
      onError: (error) => {
        // The provider's refusal, in the server's words (it names the number and the biller).
        if (error instanceof ApiError && (BILL_REFUSALS as readonly string[]).includes(error.code ?? ''))
          setRefusal(error.message);
        else toastApiError(error);
      },
    });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={electricity ? 'Verify a meter' : 'Verify a smartcard'}
      className="space-y-5"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={electricity ? 'Distribution company' : 'TV service'}
          options={billers.map((b) => ({
            value: b.code,
            label: b.assigned === false ? `${b.name} (not on your account)` : b.name,
          }))}
          placeholderOption={electricity ? 'Choose a distribution company' : 'Choose a TV service'}
          required
          error={!!errors.biller}
          errorMessage={errors.biller?.message}
          {...register('biller', { onChange: () => setRefusal(null) })}
        />
        {electricity ? (
          <fieldset>
            <legend className="text-sm font-medium text-slate-700">Meter type</legend>
            <div className="mt-1.5 inline-flex rounded-lg border border-slate-300 bg-slate-50 p-1">
              {METER_TYPES.map((m) => (
                <label
                  key={m}
                  className={cn(
                    'cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200',
                    meterType === m
                      ? 'bg-white text-brand-800 shadow-sm'
                      : 'text-slate-600 hover:text-slate-900',
                  )}
                >
                  <input type="radio" value={m} className="sr-only" {...register('meterType')} />
                  {meterTypeLabel(m)}
                </label>
              ))}
            </div>
            {errors.meterType?.message ? (
              <p className="mt-1 text-xs font-medium text-red-600" role="alert">
                {errors.meterType.message}
              </p>
            ) : null}
          </fieldset>
        ) : null}
        <TextInput
          label={numberLabel}
          inputMode="numeric"
          placeholder={electricity ? 'e.g. 1111 1111 11111' : 'e.g. 1212121212'}
          required
          containerClassName={electricity ? 'sm:col-span-2' : undefined}
          error={!!errors.customerNumber}
          errorMessage={errors.customerNumber?.message}
          {...register('customerNumber', { onChange: () => setRefusal(null) })}
        />
      </div>
      {refusal ? (
        <Alert tone="error" title="Not verified" className="break-words">
          <span data-testid="verify-refusal">{refusal}</span> Nothing was debited.
        </Alert>
      ) : null}
      <div className="flex justify-end">
        <Button type="submit" loading={verify.isPending}>
          Verify
        </Button>
      </div>
    </form>
  );
}
