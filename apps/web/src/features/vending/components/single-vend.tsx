// One purchase: the phone (+234), the network suggested from the number's prefix but changeable
// (numbers are ported), airtime (an amount) or data (a plan), checked as the server will check
// it; then a confirmation of what the wallet will be debited, the vend, and its result.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  NETWORKS,
  type Network,
  normaliseMsisdn,
  portalVendBody,
  type ServiceType,
  suggestNetwork,
  type VendView,
} from '@vendport/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldErrors, Resolver } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Button } from '@/components/ui/button';
import { MoneyInput } from '@/components/ui/money-input';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError } from '@/lib/api-toasts';
import { networkLabel } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { portalReference } from '@/lib/references';
import { useAppForm } from '@/lib/use-app-form';
import { useCreateVend } from '../api/create-vend';
import { VendConfirmModal } from './vend-confirm-modal';
import { VendResultModal } from './vend-result-modal';
import {
  boundsMessage,
  boundsOf,
  checkVend,
  plansFor,
  quoteVend,
  serviceFor,
  type VendCatalogue,
  type VendDraft,
  type VendQuote,
} from './vend-rules';

type FormValues = { phone: string; network: string; type: ServiceType; amount: string; planCode: string };

type Parsed = ReturnType<typeof portalVendBody.parse>;

const NETWORK_UNKNOWN = 'Choose the network: it cannot be told from this number';

const EMPTY: FormValues = { phone: '', network: '', type: 'AIRTIME', amount: '', planCode: '' };

const fieldError = (field: keyof FormValues, message: string) => ({
  values: {},
  errors: { [field]: { type: 'custom', message } } as FieldErrors<FormValues>,
});

/**
 * The shared portal vend schema (through zodResolver), with only the fields of the chosen type,
 * then the account's rules: a network, the service assigned, the amount within its bounds.
 */
function vendResolver(catalogue: VendCatalogue): Resolver<FormValues, unknown, VendDraft> {
  const schema = zodResolver(portalVendBody);
  return async (values, context, options) => {
    const body = {
      phone: values.phone,
      network: values.network || undefined,
      type: values.type,
      amount: values.type === 'AIRTIME' && values.amount.trim() !== '' ? values.amount : undefined,
      planCode: values.type === 'DATA' && values.planCode ? values.planCode : undefined,
    };
    // biome-ignore lint/suspicious/noExplicitAny: the schema's input differs from the form's shape by design
    const res = await schema(body as any, context, options as any);
    const unknownNetwork =
      !values.network && !!normaliseMsisdn(values.phone) && !suggestNetwork(values.phone);
    if (Object.keys(res.errors).length > 0) {
      const errors = res.errors as FieldErrors<FormValues>;
      // A malformed amount is refused in the words of the hint: the service's bounds, once known.
      const airtime =
        values.type === 'AIRTIME' ? (values.network as Network) || suggestNetwork(values.phone) : null;
      const service = airtime ? serviceFor(catalogue.services, airtime, 'AIRTIME') : undefined;
      if (errors.amount && service)
        errors.amount = { type: 'custom', message: boundsMessage(boundsOf(catalogue, service), service) };
      // Said at once, with the other problems, rather than after they are fixed.
      if (unknownNetwork) errors.network = { type: 'custom', message: NETWORK_UNKNOWN };
      return { values: {}, errors };
    }
    const d = res.values as Parsed;
    const network = d.network ?? suggestNetwork(d.phone);
    if (!network) return fieldError('network', NETWORK_UNKNOWN);
    const check = checkVend(catalogue, {
      network,
      type: d.type,
      amountKobo: d.amount,
      planCode: d.planCode,
    });
    if (!check.ok) return fieldError(check.field, check.message);
    return {
      values: {
        phone: d.phone,
        network,
        type: d.type,
        amountKobo: check.amountKobo,
        plan: check.plan,
        service: check.service,
      },
      errors: {},
    };
  };
}

export function SingleVend({
  catalogue,
  upfront,
  testMode,
  availableKobo,
  detailsPath,
}: {
  catalogue: VendCatalogue;
  /** Whether commission is taken upfront; null when unknown. */
  upfront: boolean | null;
  testMode: boolean;
  /** What the wallet can spend now; null when unknown. */
  availableKobo: number | null;
  detailsPath: string;
}) {
  const resolver = useMemo(() => vendResolver(catalogue), [catalogue]);
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    reset,
    formState: { errors },
  } = useAppForm<FormValues, unknown, VendDraft>({ resolver, defaultValues: EMPTY, mode: 'onTouched' });
  const vend = useCreateVend();
  const [draft, setDraft] = useState<{ vend: VendDraft; quote: VendQuote; reference: string } | null>(null);
  const [result, setResult] = useState<{ vend: VendView; message: string } | null>(null);
  // The reference of the last confirmation, kept while the purchase is unchanged: confirming the
  // same purchase again after an error can never vend twice.
  const lastRef = useRef<{ key: string; reference: string } | null>(null);

  const phone = watch('phone');
  const network = watch('network') as Network | '';
  const type = watch('type');
  const planCode = watch('planCode');
  const suggested = suggestNetwork(phone ?? '');
  // Until the user picks a network, it follows the number's prefix.
  const [networkChosen, setNetworkChosen] = useState(false);
  useEffect(() => {
    if (!networkChosen) setValue('network', suggested ?? '', { shouldValidate: false });
  }, [suggested, networkChosen, setValue]);

  const plans = network ? plansFor(catalogue.plans, network) : [];
  // A plan of another network is no choice at all.
  useEffect(() => {
    if (planCode && !plans.some((p) => p.code === planCode)) setValue('planCode', '');
  }, [planCode, plans, setValue]);

  const service = network ? serviceFor(catalogue.services, network, type) : undefined;
  const networkOptions = NETWORKS.map((n) => ({
    value: n,
    label: serviceFor(catalogue.services, n, type)
      ? networkLabel(n)
      : `${networkLabel(n)} (not on your account)`,
  }));

  const networkHelp = !network
    ? 'Picked from the number’s prefix when it can be told.'
    : suggested && network === suggested
      ? 'Suggested from the number’s prefix. Change it if the number was ported.'
      : suggested
        ? `The prefix suggests ${networkLabel(suggested)}; you chose ${networkLabel(network)}.`
        : undefined;

  const onContinue = handleSubmit((v) => {
    const key = JSON.stringify([v.phone, v.network, v.type, v.amountKobo, v.plan?.code ?? null]);
    if (lastRef.current?.key !== key) lastRef.current = { key, reference: portalReference() };
    setDraft({
      vend: v,
      quote: quoteVend(v.amountKobo, v.service, { upfront, test: testMode }),
      reference: lastRef.current.reference,
    });
  });

  const onConfirm = () => {
    if (!draft) return;
    const { vend: v, reference } = draft;
    vend.mutate(
      {
        reference,
        phone: v.phone,
        network: v.network,
        type: v.type,
        ...(v.type === 'AIRTIME' ? { amountKobo: v.amountKobo } : { planCode: v.plan?.code }),
      },
      {
        onSuccess: (res) => {
          if (res.success === false || !res.data) {
            toast.error(res.message || 'The purchase could not be completed.');
            return;
          }
          const status = res.data.status;
          if (status === 'SUCCESSFUL') toast.success(res.message);
          else if (status === 'FAILED') toast.error(res.message);
          else toast(res.message);
          lastRef.current = null;
          setDraft(null);
          setResult({ vend: res.data, message: res.message });
          reset(EMPTY);
          setNetworkChosen(false);
        },
        onError: toastApiError,
      },
    );
  };

  return (
    <>
      <form onSubmit={onContinue} noValidate aria-label="Buy airtime or data" className="space-y-5">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">What are you buying?</legend>
          <div className="mt-1.5 inline-flex rounded-lg border border-slate-300 bg-slate-50 p-1">
            {(['AIRTIME', 'DATA'] as const).map((t) => (
              <label
                key={t}
                className={`cursor-pointer rounded-md px-4 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-200 ${
                  type === t ? 'bg-white text-brand-800 shadow-sm' : 'text-slate-600 hover:text-slate-900'
                }`}
              >
                <input type="radio" value={t} className="sr-only" {...register('type')} />
                {t === 'AIRTIME' ? 'Airtime' : 'Data'}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            label="Phone number"
            variant="phone"
            placeholder="803 123 4567"
            required
            error={!!errors.phone}
            errorMessage={errors.phone?.message}
            {...register('phone')}
          />
          <Select
            label="Network"
            options={networkOptions}
            placeholderOption="Choose a network"
            required
            error={!!errors.network}
            errorMessage={errors.network?.message}
            {...register('network', { onChange: () => setNetworkChosen(true) })}
          />
        </div>
        {networkHelp && !errors.network ? (
          <p className="-mt-3 text-xs text-slate-500" data-testid="network-help">
            {networkHelp}
          </p>
        ) : null}

        {type === 'AIRTIME' ? (
          <MoneyInput
            label="Amount (₦)"
            limits={service ? boundsOf(catalogue, service) : null}
            placeholder="e.g. 500"
            required
            error={!!errors.amount}
            errorMessage={errors.amount?.message}
            {...register('amount')}
          />
        ) : (
          <Select
            label="Data plan"
            options={plans.map((p) => ({
              value: p.code,
              label: `${p.name} · ${p.size}, ${p.validity} · ${formatNaira(p.priceKobo)}`,
            }))}
            placeholderOption={network ? 'Choose a plan' : 'Choose the network first'}
            disabled={!network}
            required
            error={!!errors.planCode}
            errorMessage={errors.planCode?.message}
            {...register('planCode')}
          />
        )}

        <div className="flex justify-end">
          <Button type="submit">Continue</Button>
        </div>
      </form>

      <VendConfirmModal
        draft={draft?.vend ?? null}
        quote={draft?.quote ?? null}
        availableKobo={availableKobo}
        pending={vend.isPending}
        onConfirm={onConfirm}
        onCancel={() => setDraft(null)}
      />
      <VendResultModal
        vend={result?.vend ?? null}
        message={result?.message ?? ''}
        detailsPath={detailsPath}
        onClose={() => setResult(null)}
      />
    </>
  );
}
