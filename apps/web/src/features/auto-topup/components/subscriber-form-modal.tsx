// Add or edit a subscriber: name, phone (normalised as in vending; the network detected from it
// and overridable), airtime amount or a data plan, or a bill (a meter or a smartcard: biller,
// number with Verify, amount or bouquet; the phone is then the customer's, for the receipt), and
// the schedule (daily, weekly on a weekday, monthly on a day, once on a date) at a Lagos time.
// Checked here with the shared schema, then by the server as a vend or a bill payment would be;
// its refusal shows in the form.

import {
  AMOUNT_LIMITS,
  AUTO_TOPUP_FREQUENCIES,
  type AutoTopupSubscriberBody,
  type AutoTopupSubscriberView,
  amountRefusal,
  autoTopupSubscriberBody,
  type BillKind,
  koboToNairaString,
  normaliseMsisdn,
  suggestNetwork,
  WEEKDAY_NAMES,
  withinAmountLimits,
} from '@vendport/shared';
import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Modal } from '@/components/ui/modal';
import { MoneyInput } from '@/components/ui/money-input';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { useBillers } from '@/lib/api/get-billers';
import { usePlanCatalogue } from '@/lib/api/get-data-plans';
import { envelopeCallbacks, errorMessages } from '@/lib/api-toasts';
import { isBillKindValue, NETWORK_OPTIONS, networkLabel, VEND_KIND_OPTIONS } from '@/lib/catalogue-labels';
import { formatNaira } from '@/lib/format';
import { useSaveSubscriber } from '../api/save-subscriber';
import { fieldErrorsOf } from './field-errors';
import { SubscriberBillFields } from './subscriber-bill-fields';

type Draft = {
  name: string;
  phone: string;
  network: string;
  type: string;
  amount: string;
  planCode: string;
  biller: string;
  meterType: string;
  customerNumber: string;
  subscriptionType: string;
  bouquetCode: string;
  frequency: string;
  weekday: string;
  monthDay: string;
  onceDate: string;
  time: string;
};

const FREQUENCY_LABELS: Record<string, string> = {
  DAILY: 'Daily',
  WEEKLY: 'Weekly',
  MONTHLY: 'Monthly',
  ONCE: 'Once',
};
const FREQUENCY_OPTIONS = AUTO_TOPUP_FREQUENCIES.map((f) => ({ value: f, label: FREQUENCY_LABELS[f] }));
const WEEKDAY_OPTIONS = WEEKDAY_NAMES.map((d, i) => ({ value: String(i + 1), label: d }));

function draftOf(s: AutoTopupSubscriberView | null, defaultTime: string): Draft {
  return {
    name: s?.name ?? '',
    phone: s ? s.phone.slice(4) : '',
    network: s?.network ?? '',
    type: s?.type ?? 'AIRTIME',
    amount: s?.amountKobo != null ? koboToNairaString(s.amountKobo) : '',
    planCode: s?.bill ? '' : (s?.planCode ?? ''),
    biller: s?.bill?.biller ?? '',
    meterType: s?.bill?.meterType ?? 'PREPAID',
    customerNumber: s?.bill?.customerNumber ?? '',
    subscriptionType: s?.bill?.subscriptionType ?? 'RENEW',
    bouquetCode: s?.bill?.bouquetCode ?? '',
    frequency: s?.frequency ?? 'DAILY',
    weekday: String(s?.weekday ?? 1),
    monthDay: String(s?.monthDay ?? 1),
    onceDate: s?.onceDate ?? '',
    time: s?.time ?? defaultTime,
  };
}

/** The request body the draft makes (only the fields its type and schedule use). */
function bodyOf(d: Draft): AutoTopupSubscriberBody {
  const what = isBillKindValue(d.type)
    ? {
        biller: d.biller || undefined,
        customerNumber: d.customerNumber,
        ...(d.type === 'ELECTRICITY'
          ? { meterType: (d.meterType || undefined) as 'PREPAID' | undefined, amount: d.amount }
          : {
              subscriptionType: (d.subscriptionType || undefined) as 'RENEW' | undefined,
              ...(d.subscriptionType === 'CHANGE' ? { bouquetCode: d.bouquetCode || undefined } : {}),
            }),
      }
    : d.type === 'AIRTIME'
      ? { amount: d.amount }
      : { planCode: d.planCode || undefined };
  return {
    name: d.name,
    phone: d.phone,
    ...(d.network && !isBillKindValue(d.type)
      ? { network: d.network as AutoTopupSubscriberBody['network'] }
      : {}),
    type: d.type as AutoTopupSubscriberBody['type'],
    ...what,
    frequency: d.frequency as AutoTopupSubscriberBody['frequency'],
    ...(d.frequency === 'WEEKLY' ? { weekday: Number(d.weekday) } : {}),
    ...(d.frequency === 'MONTHLY' ? { monthDay: d.monthDay === '' ? undefined : Number(d.monthDay) } : {}),
    ...(d.frequency === 'ONCE' ? { onceDate: d.onceDate || undefined } : {}),
    time: d.time,
  };
}

export function SubscriberFormModal({
  subscriber,
  defaultTime,
  onClose,
}: {
  /** null: a new subscriber. */
  subscriber: AutoTopupSubscriberView | null;
  defaultTime: string;
  onClose: () => void;
}) {
  const [d, setD] = useState<Draft>(() => draftOf(subscriber, defaultTime));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const save = useSaveSubscriber();
  const plans = usePlanCatalogue(d.type === 'DATA');
  const meterBillers = useBillers('ELECTRICITY', d.type === 'ELECTRICITY');
  const meterBiller =
    d.type === 'ELECTRICITY' ? meterBillers.data?.find((x) => x.code === d.biller) : undefined;
  const meterLimits = meterBiller
    ? { minKobo: meterBiller.minAmountKobo, maxKobo: meterBiller.maxAmountKobo }
    : null;
  const set = (k: keyof Draft) => (e: { target: { value: string } }) =>
    setD((x) => ({ ...x, [k]: e.target.value }));

  const bill = isBillKindValue(d.type);
  const msisdn = normaliseMsisdn(d.phone);
  const detected = msisdn ? suggestNetwork(msisdn) : null;
  const network = d.network || detected || '';
  const planOptions = (plans.data ?? [])
    .filter((p) => p.network === network)
    .map((p) => ({ value: p.code, label: `${p.name} · ${formatNaira(p.priceKobo)}` }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(d);
    const parsed = autoTopupSubscriberBody.safeParse(body);
    if (!parsed.success) {
      const found = fieldErrorsOf(parsed.error);
      // An electricity amount's refusal quotes the biller's limits, not the platform's.
      if (found.amount && meterLimits) found.amount = amountRefusal('Amount', meterLimits);
      setErrors(found);
      return;
    }
    // Electricity: the biller's own limits, quoted as the server quotes them.
    if (
      meterLimits &&
      parsed.data.amount !== undefined &&
      !withinAmountLimits(parsed.data.amount, meterLimits)
    ) {
      setErrors({ amount: amountRefusal('Amount', meterLimits) });
      return;
    }
    setErrors({});
    setServerErrors([]);
    save.mutate(
      { id: subscriber?.id, body },
      envelopeCallbacks(onClose, { onError: (err) => setServerErrors(errorMessages(err)) }),
    );
  };
  const err = (k: string) => ({ error: !!errors[k], errorMessage: errors[k] });

  return (
    <Modal
      open
      onClose={onClose}
      title={subscriber ? 'Edit subscriber' : 'Add subscriber'}
      description="Times are Lagos time. A monthly day the month does not have (such as the 31st) runs on its last day."
      size="lg"
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label="Subscriber">
        {serverErrors.length ? (
          <Alert tone="error" title="The subscriber was not saved">
            <ul className="list-disc pl-5">
              {serverErrors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </Alert>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput label="Name" required value={d.name} onChange={set('name')} {...err('name')} />
          <Select
            label="Type"
            value={d.type}
            // Another kind has other billers: the one chosen (and its bouquet) does not carry over.
            onChange={(e) => setD((x) => ({ ...x, type: e.target.value, biller: '', bouquetCode: '' }))}
            options={VEND_KIND_OPTIONS}
          />
          <TextInput
            label={bill ? 'Customer phone (for the receipt)' : 'Phone number'}
            required
            variant="phone"
            value={d.phone}
            onChange={set('phone')}
            helperText={!bill && detected ? `Detected network: ${networkLabel(detected)}` : undefined}
            {...err('phone')}
          />
          {bill ? null : (
            <Select
              label="Network"
              value={d.network}
              onChange={set('network')}
              options={NETWORK_OPTIONS}
              placeholderOption={detected ? `Detected (${networkLabel(detected)})` : 'Detect from the number'}
              {...err('network')}
            />
          )}
          {bill ? (
            <SubscriberBillFields
              kind={d.type as BillKind}
              draft={d}
              set={set}
              err={err}
              verifiedName={
                subscriber?.bill
                  ? {
                      number: `${subscriber.bill.biller}:${subscriber.bill.meterType ?? 'PREPAID'}:${subscriber.bill.customerNumber}`,
                      name: subscriber.bill.customerName,
                    }
                  : null
              }
            />
          ) : null}
          {d.type === 'AIRTIME' || d.type === 'ELECTRICITY' ? (
            <MoneyInput
              label="Amount (₦)"
              required
              limits={bill ? meterLimits : AMOUNT_LIMITS.catalogue}
              value={d.amount}
              onChange={set('amount')}
              {...err('amount')}
            />
          ) : d.type === 'DATA' ? (
            <Select
              label="Data plan"
              value={d.planCode}
              onChange={set('planCode')}
              options={planOptions}
              placeholderOption={network ? 'Choose a plan' : 'Enter the number first'}
              {...err('planCode')}
            />
          ) : null}
          <Select
            label="Schedule"
            value={d.frequency}
            onChange={set('frequency')}
            options={FREQUENCY_OPTIONS}
          />
          {d.frequency === 'WEEKLY' ? (
            <Select
              label="Weekday"
              value={d.weekday}
              onChange={set('weekday')}
              options={WEEKDAY_OPTIONS}
              {...err('weekday')}
            />
          ) : null}
          {d.frequency === 'MONTHLY' ? (
            <TextInput
              label="Day of the month"
              type="number"
              min={1}
              max={31}
              value={d.monthDay}
              onChange={set('monthDay')}
              {...err('monthDay')}
            />
          ) : null}
          {d.frequency === 'ONCE' ? (
            // DD/MM/YYYY whatever the browser's locale (a native date field would show its own order).
            <DateInput
              label="Date"
              name="onceDate"
              value={d.onceDate}
              onChange={(iso) => setD((x) => ({ ...x, onceDate: iso }))}
              errorMessage={err('onceDate').errorMessage}
            />
          ) : null}
          <TextInput
            label="Time (Lagos)"
            type="time"
            required
            value={d.time}
            onChange={set('time')}
            {...err('time')}
          />
        </div>
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {subscriber ? 'Save changes' : 'Add subscriber'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
