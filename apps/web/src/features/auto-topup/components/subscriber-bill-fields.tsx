// A bill subscriber's fields in the subscriber form (issue 51 point 5): the biller, the meter type
// (electricity), the meter or smartcard number with Verify (the provider's name for it shown under
// the number; nothing is debited), and for TV the bouquet: renew the one on the card at each run,
// or a given one. (An electricity amount is the form's one money field, with the biller's limits.) The server verifies the
// number again when the subscriber is saved, and at each run once the verification is old.
import { type BillKind, METER_TYPES } from '@vendport/shared';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextInput } from '@/components/ui/text-input';
import { BILL_REFUSALS } from '@/lib/api/bill-refusals';
import { useBillers, useBouquets } from '@/lib/api/get-billers';
import { useVerifyBill } from '@/lib/api/verify-bill';
import { ApiError } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';

export type BillDraft = {
  biller: string;
  meterType: string;
  customerNumber: string;
  subscriptionType: string;
  bouquetCode: string;
};

const METER_TYPE_OPTIONS = METER_TYPES.map((m) => ({
  value: m,
  label: m === 'PREPAID' ? 'Prepaid' : 'Postpaid',
}));
const SUBSCRIPTION_OPTIONS = [
  { value: 'RENEW', label: 'Renew the current bouquet' },
  { value: 'CHANGE', label: 'Pay a bouquet I choose' },
];

type Check = { number: string; name: string | null } | { refusal: string };

export function SubscriberBillFields({
  kind,
  draft,
  set,
  err,
  verifiedName,
}: {
  kind: BillKind;
  draft: BillDraft;
  set: (k: keyof BillDraft) => (e: { target: { value: string } }) => void;
  err: (k: string) => { error: boolean; errorMessage: string | undefined };
  /** The name the provider gave when the subscriber was last verified (editing). */
  verifiedName: { number: string; name: string | null } | null;
}) {
  const electricity = kind === 'ELECTRICITY';
  const billers = useBillers(kind);
  const list = (billers.data ?? []).filter((b) => b.assigned !== false);
  const biller = list.find((b) => b.code === draft.biller) ?? null;
  const bouquets = useBouquets(!electricity && draft.biller ? draft.biller : null);
  const verify = useVerifyBill();
  const [check, setCheck] = useState<Check | null>(verifiedName);
  const numberLabel =
    biller?.customerNumberLabel ?? (electricity ? 'Meter number' : 'Smartcard or IUC number');
  const number = draft.customerNumber.replace(/[\s-]/g, '');
  // A check of another number (or biller, or meter type) says nothing of this one.
  const shown =
    check && 'number' in check && check.number !== `${draft.biller}:${draft.meterType}:${number}`
      ? null
      : check;
  const clearing = (k: keyof BillDraft) => (e: { target: { value: string } }) => {
    setCheck(null);
    set(k)(e);
  };

  const onVerify = () => {
    setCheck(null);
    verify.mutate(
      {
        biller: draft.biller,
        customerNumber: draft.customerNumber,
        ...(electricity ? { meterType: draft.meterType as 'PREPAID' } : {}),
      },
      {
        onSuccess: (res) => {
          if (res.success === false || !res.data) {
            setCheck({ refusal: res.message || 'The number could not be verified.' });
            return;
          }
          setCheck({ number: `${draft.biller}:${draft.meterType}:${number}`, name: res.data.customerName });
        },
        onError: (error) => {
          if (error instanceof ApiError && (BILL_REFUSALS as readonly string[]).includes(error.code ?? ''))
            setCheck({ refusal: error.message });
          else if (error instanceof ApiError && error.status === 400) setCheck({ refusal: error.message });
          else toastApiError(error);
        },
      },
    );
  };

  return (
    <>
      <Select
        label={electricity ? 'Distribution company' : 'TV service'}
        required
        value={draft.biller}
        onChange={clearing('biller')}
        options={list.map((b) => ({ value: b.code, label: b.name }))}
        placeholderOption={electricity ? 'Choose a distribution company' : 'Choose a TV service'}
        {...err('biller')}
      />
      {electricity ? (
        <Select
          label="Meter type"
          value={draft.meterType}
          onChange={clearing('meterType')}
          options={METER_TYPE_OPTIONS}
          {...err('meterType')}
        />
      ) : null}
      <div className="sm:col-span-2">
        <div className="flex items-end gap-2">
          <TextInput
            label={numberLabel}
            required
            inputMode="numeric"
            containerClassName="min-w-0 flex-1"
            placeholder={electricity ? 'e.g. 1111 1111 11111' : 'e.g. 1212121212'}
            value={draft.customerNumber}
            onChange={clearing('customerNumber')}
            {...err('customerNumber')}
          />
          <Button
            type="button"
            variant="secondary"
            loading={verify.isPending}
            disabled={!draft.biller || number.length < 6}
            onClick={onVerify}
          >
            Verify
          </Button>
        </div>
        {shown && 'number' in shown ? (
          <p className="mt-1.5 text-sm text-emerald-700" role="status" data-testid="bill-verified">
            Verified: <span className="font-medium">{shown.name ?? 'the provider gave no name'}</span>
          </p>
        ) : null}
        {shown && 'refusal' in shown ? (
          <p className="mt-1.5 break-words text-sm text-red-600" role="alert" data-testid="bill-refusal">
            {shown.refusal} Nothing was debited.
          </p>
        ) : null}
      </div>
      {electricity ? null : (
        <>
          <Select
            label="Bouquet"
            value={draft.subscriptionType}
            onChange={set('subscriptionType')}
            options={
              draft.biller === 'SHOWMAX'
                ? SUBSCRIPTION_OPTIONS.filter((o) => o.value === 'CHANGE')
                : SUBSCRIPTION_OPTIONS
            }
            {...err('subscriptionType')}
          />
          {draft.subscriptionType === 'CHANGE' ? (
            <Select
              label="Bouquet to pay"
              required
              value={draft.bouquetCode}
              onChange={set('bouquetCode')}
              options={(bouquets.data ?? []).map((b) => ({
                value: b.code,
                label: `${b.name} · ${formatNaira(b.priceKobo)}`,
              }))}
              placeholderOption={draft.biller ? 'Choose a bouquet' : 'Choose the TV service first'}
              {...err('bouquetCode')}
            />
          ) : null}
        </>
      )}
    </>
  );
}
