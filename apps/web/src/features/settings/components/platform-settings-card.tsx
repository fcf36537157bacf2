// The platform's settings (admin): name and support contact, the collection account clients pay
// into by bank transfer, the card fee rule (spec §9 by default), default thresholds, the largest
// single vend, the vending API's default rate limits, and the maintenance banner shown on every
// portal page while set.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  AMOUNT_LIMITS,
  type AmountField,
  describeCardFeeRule,
  koboToNairaString,
  type PlatformSettingsBody,
  type PlatformSettingsView,
  parseNairaToKobo,
  platformSettingsBody,
} from '@vendport/shared';
import { useEffect } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { BuildingIcon } from '@/components/ui/icons';
import { MoneyInput } from '@/components/ui/money-input';
import { TextInput } from '@/components/ui/text-input';
import { Textarea } from '@/components/ui/textarea';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { formatShortDateTime } from '@/lib/format';
import { useAppForm } from '@/lib/use-app-form';
import { usePlatformSettings } from '../api/get-platform-settings';
import { useSavePlatformSettings } from '../api/save-platform-settings';
import { CardQueryState } from './card-query-state';

type Form = { [K in keyof PlatformSettingsBody]-?: string };

const formOf = (v: PlatformSettingsView): Form => ({
  platformName: v.platformName,
  supportEmail: v.supportEmail,
  supportPhone: v.supportPhone,
  fundingBankName: v.fundingBankName,
  fundingAccountNumber: v.fundingAccountNumber,
  fundingAccountName: v.fundingAccountName,
  cardFeeRatePercent: String(v.cardFeeRateBps / 100),
  cardFeeFlat: koboToNairaString(v.cardFeeFlatKobo),
  cardFeeFlatFrom: koboToNairaString(v.cardFeeFlatFromKobo),
  cardFeeCap: koboToNairaString(v.cardFeeCapKobo),
  lowBalanceThreshold: koboToNairaString(v.lowBalanceThresholdKobo),
  vtuLowFloatThreshold: koboToNairaString(v.vtuLowFloatThresholdKobo),
  maxVendAmount: koboToNairaString(v.maxVendAmountKobo),
  vendFailureAlertCount: String(v.vendFailureAlertCount),
  maintenanceBanner: v.maintenanceBanner,
  apiRateKeyPerS: String(v.apiRateKeyPerS),
  apiRateKeyBurst: String(v.apiRateKeyBurst),
  apiRateClientPerS: String(v.apiRateClientPerS),
  apiRateClientBurst: String(v.apiRateClientBurst),
});

/** The rule in words as clients will read it, from what is typed (null while it is not valid). */
function rulePreview(f: Partial<Form>): string | null {
  const rate = Number(f.cardFeeRatePercent);
  const flat = parseNairaToKobo(f.cardFeeFlat ?? '');
  const from = parseNairaToKobo(f.cardFeeFlatFrom ?? '');
  const cap = parseNairaToKobo(f.cardFeeCap ?? '');
  if (!Number.isFinite(rate) || flat === null || from === null || cap === null) return null;
  return describeCardFeeRule({
    rateBps: Math.round(rate * 100),
    flatKobo: flat,
    flatFromKobo: from,
    capKobo: cap,
  });
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 text-sm font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

function PlatformForm({ view }: { view: PlatformSettingsView }) {
  const save = useSavePlatformSettings();
  const {
    register,
    handleSubmit,
    reset,
    watch,
    getValues,
    formState: { errors, isDirty },
  } = useAppForm<Form>({ resolver: zodResolver(platformSettingsBody) as never, defaultValues: formOf(view) });
  useEffect(() => reset(formOf(view)), [view, reset]);
  const preview = rulePreview(watch());
  const field = (
    name: keyof Form,
    label: string,
    extra: Partial<React.ComponentProps<typeof TextInput>> = {},
  ) => (
    <TextInput
      label={label}
      error={!!errors[name]}
      errorMessage={errors[name]?.message}
      {...extra}
      {...register(name)}
    />
  );
  // A money field: its limits from AMOUNT_LIMITS, the same the schema refuses outside of.
  const money = (name: keyof Form, label: string, limits: AmountField, note?: string) => (
    <MoneyInput
      label={label}
      limits={AMOUNT_LIMITS[limits]}
      note={note}
      error={!!errors[name]}
      errorMessage={errors[name]?.message}
      {...register(name)}
    />
  );
  const onSave = handleSubmit(() =>
    save.mutate(getValues(), { onSuccess: toastApiResult, onError: toastApiError }),
  );

  return (
    <form onSubmit={onSave} noValidate aria-label="Platform settings" className="space-y-6 px-6 py-5">
      <Section title="Platform and support">
        {field('platformName', 'Platform name')}
        {field('supportEmail', 'Support email', { type: 'email' })}
        {field('supportPhone', 'Support phone', { inputMode: 'tel', placeholder: '+2348012345678' })}
      </Section>
      <Section title="Collection account (shown to clients funding by bank transfer)">
        {field('fundingBankName', 'Bank name')}
        {field('fundingAccountNumber', 'Account number', { inputMode: 'numeric', maxLength: 10 })}
        {field('fundingAccountName', 'Account name')}
      </Section>
      <Section title="Card funding fee">
        {field('cardFeeRatePercent', 'Percentage of the amount (%)', { inputMode: 'decimal' })}
        {money('cardFeeFlat', 'Flat fee (₦)', 'cardFeeFlat')}
        {money('cardFeeFlatFrom', 'Flat fee from an amount of (₦)', 'cardFeeFlatFrom')}
        {money('cardFeeCap', 'Fee cap (₦)', 'cardFeeCap')}
        <p className="text-sm text-slate-600 sm:col-span-2" data-testid="fee-rule-preview">
          {preview ? `Clients will see: ${preview}` : 'Enter the four parts of the rule to see it in words.'}
        </p>
      </Section>
      <Section title="Limits and alerts">
        {money(
          'lowBalanceThreshold',
          'Default low-balance alert (₦)',
          'alertThreshold',
          'For clients that set none; 0 turns the default off.',
        )}
        {money(
          'vtuLowFloatThreshold',
          'VTU line low-float alert (₦)',
          'alertThreshold',
          'Admins who manage VTU lines are told once when a line’s float falls below it; the dashboard flags the lines below it too.',
        )}
        {money(
          'maxVendAmount',
          'Largest single vend (₦)',
          'maxVendAmount',
          'No vend above this, whatever a service allows.',
        )}
        {field('vendFailureAlertCount', 'Failed vends in an hour that alert a client', {
          inputMode: 'numeric',
          helperText: 'A client’s users who opted in hear of it at most once an hour; 0 turns it off.',
        })}
      </Section>
      <Section title="Vending API rate limits (defaults; an admin may set a client’s own)">
        {field('apiRateKeyPerS', 'Requests a second per API key', { inputMode: 'numeric' })}
        {field('apiRateKeyBurst', 'Burst per API key', {
          inputMode: 'numeric',
          helperText: 'Calls a key may make at once before the rate applies.',
        })}
        {field('apiRateClientPerS', 'Requests a second per client', {
          inputMode: 'numeric',
          helperText: 'Shared by a client’s live and test keys.',
        })}
        {field('apiRateClientBurst', 'Burst per client', { inputMode: 'numeric' })}
      </Section>
      <div>
        <Textarea
          label="Maintenance banner"
          rows={2}
          placeholder="Shown at the top of every portal page while set; leave empty to hide it."
          error={!!errors.maintenanceBanner}
          errorMessage={errors.maintenanceBanner?.message}
          {...register('maintenanceBanner')}
        />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-xs text-slate-500">
          {view.updatedAt
            ? `Last saved ${formatShortDateTime(view.updatedAt)}`
            : 'Not saved yet: environment defaults apply.'}
        </p>
        <Button type="submit" loading={save.isPending} disabled={!isDirty}>
          Save settings
        </Button>
      </div>
    </form>
  );
}

export function PlatformSettingsCard() {
  const settings = usePlatformSettings();
  return (
    <Card>
      <CardHeader
        title={
          <span className="flex items-center gap-2">
            <BuildingIcon className="h-5 w-5 text-brand-700" /> Platform
          </span>
        }
        description="What clients see of the platform, what card funding costs, and the default limits. Every change is audited."
      />
      <CardQueryState query={settings} what="The platform settings">
        {(view) => <PlatformForm view={view} />}
      </CardQueryState>
    </Card>
  );
}
