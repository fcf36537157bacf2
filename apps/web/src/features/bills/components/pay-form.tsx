// Step two of a bill: who the provider says the number belongs to (name, address; for TV the
// current bouquet, its renewal amount and due date), then what to pay: an amount within the
// biller's limits (electricity) or the renewal of the current bouquet or another bouquet (TV), and
// the customer's phone (and email) for the provider's receipt. Checked by the shared payment
// schema and the biller's limits, the same ones the server applies.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  amountRefusal,
  type BillerView,
  type BillVerificationView,
  type BouquetView,
  portalBillPayBody,
  type TvSubscriptionType,
  withinAmountLimits,
} from '@vendport/shared';
import { type ReactNode, useMemo } from 'react';
import type { FieldErrors, Resolver, ResolverResult } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { MoneyInput } from '@/components/ui/money-input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { TextInput } from '@/components/ui/text-input';
import { useBouquets } from '@/lib/api/get-billers';
import { cn } from '@/lib/cn';
import { formatDate, formatNaira, formatShortDateTime } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { type BillDraft, billerLabel, billLimits, meterTypeLabel } from './bill-rules';

type FormValues = {
  amount: string;
  subscriptionType: TvSubscriptionType | '';
  bouquetCode: string;
  phone: string;
  email: string;
};

type Parsed = ReturnType<typeof portalBillPayBody.parse>;
type Out = Omit<BillDraft, 'kind' | 'biller' | 'verification'>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** What verification found, as the customer will recognise it. */
export function VerifiedDetails({
  biller,
  verification: v,
  onChange,
}: {
  biller: BillerView;
  verification: BillVerificationView;
  onChange: () => void;
}) {
  return (
    <div
      className="rounded-xl border border-emerald-200 bg-emerald-50/60 px-4 py-4"
      data-testid="bill-verified"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="text-sm font-semibold text-emerald-800">
          {biller.providerVerifies
            ? 'Verified with the provider'
            : 'Number recorded (the provider has no check)'}
        </p>
        <Button variant="secondary" size="sm" onClick={onChange}>
          Change number
        </Button>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact label="Customer name">{v.customerName ?? '—'}</Fact>
        <Fact label={biller.customerNumberLabel}>
          <span className="font-mono">{v.customerNumber}</span>
        </Fact>
        <Fact label="Biller">{billerLabel(biller, v.meterType)}</Fact>
        {v.kind === 'ELECTRICITY' ? (
          <Fact label="Address">{v.address ?? '—'}</Fact>
        ) : (
          <>
            <Fact label="Current bouquet">{v.currentBouquet ?? '—'}</Fact>
            <Fact label="Renewal amount">
              {v.renewalAmountKobo !== null ? formatNaira(v.renewalAmountKobo) : '—'}
            </Fact>
            {v.dueDate ? (
              <Fact label="Due date">
                {/^\d{4}-\d{2}-\d{2}/.test(v.dueDate) ? formatDate(v.dueDate) : v.dueDate}
              </Fact>
            ) : null}
          </>
        )}
        {v.meterType ? <Fact label="Meter type">{meterTypeLabel(v.meterType)}</Fact> : null}
      </dl>
      <p className="mt-3 text-xs text-slate-600">
        {`Verified ${formatShortDateTime(v.verifiedAt)}. Paid within 10 minutes, the payment uses this verification; after that the number is verified again first.`}
      </p>
    </div>
  );
}

function payResolver(
  biller: BillerView,
  v: BillVerificationView,
  bouquets: readonly BouquetView[],
): Resolver<FormValues, unknown, Out> {
  const schema = zodResolver(portalBillPayBody);
  const limits = billLimits(biller, v);
  const tv = v.kind === 'TV';
  return async (values, context, options): Promise<ResolverResult<FormValues, Out>> => {
    const body = {
      biller: biller.code,
      customerNumber: v.customerNumber,
      verificationId: v.id,
      meterType: v.meterType ?? undefined,
      amount: !tv && values.amount.trim() !== '' ? values.amount : undefined,
      subscriptionType: tv ? values.subscriptionType || undefined : undefined,
      bouquetCode: tv && values.subscriptionType === 'CHANGE' ? values.bouquetCode || undefined : undefined,
      phone: values.phone,
      email: values.email.trim() || undefined,
    };
    // biome-ignore lint/suspicious/noExplicitAny: the schema's input differs from the form's shape by design
    const res = await schema(body as any, context, options as any);
    const errors = { ...(res.errors as FieldErrors<FormValues>) };
    // A malformed or missing amount is refused in the words of the hint: the biller's limits.
    if (errors.amount) errors.amount = { type: 'custom', message: amountRefusal('Amount', limits) };
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    const d = res.values as Parsed;
    let amountKobo: number;
    let bouquet: BouquetView | null = null;
    if (!tv) {
      amountKobo = d.amount ?? 0;
      if (!withinAmountLimits(amountKobo, limits))
        return {
          values: {},
          errors: { amount: { type: 'custom', message: amountRefusal('Amount', limits) } },
        };
    } else if (d.subscriptionType === 'RENEW') {
      if (v.renewalAmountKobo === null)
        return {
          values: {},
          errors: {
            subscriptionType: {
              type: 'custom',
              message: 'The provider stated no renewal amount: choose the bouquet to pay',
            },
          },
        };
      amountKobo = v.renewalAmountKobo;
    } else {
      bouquet = bouquets.find((b) => b.code === d.bouquetCode) ?? null;
      if (!bouquet)
        return {
          values: {},
          errors: { bouquetCode: { type: 'custom', message: 'Choose the bouquet to change to' } },
        };
      amountKobo = bouquet.priceKobo;
    }
    if (tv && !withinAmountLimits(amountKobo, limits))
      return {
        values: {},
        errors: {
          [d.subscriptionType === 'RENEW' ? 'subscriptionType' : 'bouquetCode']: {
            type: 'custom',
            message: amountRefusal('Amount', limits),
          },
        } as FieldErrors<FormValues>,
      };
    return {
      values: {
        meterType: d.meterType ?? null,
        subscriptionType: d.subscriptionType ?? null,
        bouquet,
        amountKobo,
        phone: d.phone,
        email: d.email,
      },
      errors: {},
    };
  };
}

export function PayForm({
  biller,
  verification: v,
  onContinue,
}: {
  biller: BillerView;
  verification: BillVerificationView;
  onContinue: (draft: BillDraft) => void;
}) {
  const tv = v.kind === 'TV';
  const bouquets = useBouquets(tv ? biller.code : null);
  const list = bouquets.data ?? [];
  const resolver = useMemo(() => payResolver(biller, v, list), [biller, v, list]);
  const canRenew = tv && biller.code !== 'SHOWMAX' && v.renewalAmountKobo !== null;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useAppForm<FormValues, unknown, Out>({
    resolver,
    defaultValues: {
      amount: '',
      subscriptionType: tv ? (canRenew ? 'RENEW' : 'CHANGE') : '',
      bouquetCode: '',
      phone: '',
      email: '',
    },
    mode: 'onTouched',
  });
  const subscriptionType = watch('subscriptionType');

  const onSubmit = handleSubmit((d) => onContinue({ ...d, kind: v.kind, biller, verification: v }));

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={tv ? 'Pay for TV' : 'Buy electricity'}
      className="space-y-5"
    >
      {tv ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-slate-700">Subscription</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {(['RENEW', 'CHANGE'] as const).map((t) => {
              const disabled = t === 'RENEW' && !canRenew;
              return (
                <label
                  key={t}
                  className={cn(
                    'flex cursor-pointer flex-col rounded-lg border px-4 py-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200',
                    subscriptionType === t ? 'border-brand-600 bg-brand-50/60' : 'border-slate-300 bg-white',
                    disabled && 'cursor-not-allowed opacity-60',
                  )}
                >
                  <span className="flex items-center gap-2 font-medium text-slate-900">
                    <input type="radio" value={t} disabled={disabled} {...register('subscriptionType')} />
                    {t === 'RENEW' ? 'Renew current bouquet' : 'Change bouquet'}
                  </span>
                  <span className="mt-1 text-xs text-slate-500">
                    {t === 'RENEW'
                      ? canRenew
                        ? `${v.currentBouquet ?? 'Current bouquet'} · ${formatNaira(v.renewalAmountKobo ?? 0)}`
                        : biller.code === 'SHOWMAX'
                          ? 'Showmax is bought by bouquet.'
                          : 'The provider stated no renewal amount.'
                      : 'Another bouquet, at its listed price.'}
                  </span>
                </label>
              );
            })}
          </div>
          {errors.subscriptionType?.message ? (
            <p className="text-xs font-medium text-red-600" role="alert">
              {errors.subscriptionType.message}
            </p>
          ) : null}
        </fieldset>
      ) : null}

      <div className="grid gap-4 sm:grid-cols-2">
        {tv ? (
          subscriptionType === 'CHANGE' ? (
            bouquets.isPending ? (
              <div className="flex items-center gap-2 text-sm text-slate-500 sm:col-span-2">
                <Spinner className="h-4 w-4 text-brand-700" /> Loading bouquets
              </div>
            ) : bouquets.isError ? (
              <Alert tone="error" title="The bouquets could not be loaded." className="sm:col-span-2">
                <button type="button" className="font-medium underline" onClick={() => bouquets.refetch()}>
                  Try again
                </button>
              </Alert>
            ) : list.length === 0 ? (
              <Alert
                tone="info"
                title={`No ${biller.name} bouquets are on sale yet.`}
                className="sm:col-span-2"
              >
                VendPort lists them once they are synced from the provider.
              </Alert>
            ) : (
              <Select
                label="Bouquet"
                options={list.map((b) => ({
                  value: b.code,
                  label: `${b.name} · ${formatNaira(b.priceKobo)}`,
                }))}
                placeholderOption="Choose a bouquet"
                required
                containerClassName="sm:col-span-2"
                error={!!errors.bouquetCode}
                errorMessage={errors.bouquetCode?.message}
                {...register('bouquetCode')}
              />
            )
          ) : null
        ) : (
          <MoneyInput
            label="Amount (₦)"
            limits={billLimits(biller, v)}
            placeholder="e.g. 5,000"
            required
            containerClassName="sm:col-span-2"
            error={!!errors.amount}
            errorMessage={errors.amount?.message}
            {...register('amount')}
          />
        )}
        <TextInput
          label="Customer phone"
          variant="phone"
          placeholder="803 123 4567"
          required
          helperText="The provider sends its receipt to this number."
          error={!!errors.phone}
          errorMessage={errors.phone?.message}
          {...register('phone')}
        />
        <TextInput
          label="Customer email"
          type="email"
          placeholder="Optional"
          error={!!errors.email}
          errorMessage={errors.email?.message}
          {...register('email')}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit">Continue</Button>
      </div>
    </form>
  );
}
