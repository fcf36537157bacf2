// One bill of a kind, from start to end: verify the number, pay (amount or bouquet), confirm what
// the wallet will be debited, and the result with the token or receipt. A confirmation keeps its
// reference while the payment is unchanged, so confirming again after an error never pays twice.
import type { BillerView, BillKind, BillVerificationView, BillView } from '@vendport/shared';
import { useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { QueryError } from '@/components/query-error';
import { Alert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { BILL_REFUSALS } from '@/lib/api/bill-refusals';
import { useBillers } from '@/lib/api/get-billers';
import { ApiError } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { portalReference } from '@/lib/references';
import { usePayBill } from '../api/pay-bill';
import { BillConfirmModal } from './bill-confirm-modal';
import { BillResult } from './bill-result';
import { type BillDraft, type BillQuote, quoteBill } from './bill-rules';
import { PayForm, VerifiedDetails } from './pay-form';
import { VerifyForm, type VerifyValues } from './verify-form';

const EMPTY_TEXT: Record<BillKind, string> = {
  ELECTRICITY: 'No electricity billers are on your account yet.',
  TV: 'No TV billers are on your account yet.',
};

export function BillPayment({
  kind,
  upfront,
  testMode,
  availableKobo,
  detailsPath,
}: {
  kind: BillKind;
  upfront: boolean | null;
  testMode: boolean;
  availableKobo: number | null;
  detailsPath: string;
}) {
  const billers = useBillers(kind);
  const pay = usePayBill();
  const [verified, setVerified] = useState<{ biller: BillerView; verification: BillVerificationView } | null>(
    null,
  );
  const [draft, setDraft] = useState<{ bill: BillDraft; quote: BillQuote; reference: string } | null>(null);
  const [result, setResult] = useState<{ bill: BillView; message: string } | null>(null);
  const [lastVerify, setLastVerify] = useState<VerifyValues | null>(null);
  const lastRef = useRef<{ key: string; reference: string } | null>(null);

  if (billers.isError)
    return <QueryError title="The billers could not be loaded." onRetry={() => billers.refetch()} />;
  if (billers.isPending)
    return (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner className="h-6 w-6" label="Loading billers" />
      </div>
    );
  const list = billers.data;
  if (!list.some((b) => b.assigned !== false))
    return (
      <Alert tone="info" title={EMPTY_TEXT[kind]}>
        VendPort switches billers on for your account once it is set up. Contact support to have them
        assigned.
      </Alert>
    );

  if (result)
    return (
      <BillResult
        bill={result.bill}
        message={result.message}
        detailsPath={detailsPath}
        onDone={() => {
          setResult(null);
          setVerified(null);
          setLastVerify(null);
        }}
      />
    );

  const onContinue = (d: BillDraft) => {
    const key = JSON.stringify([
      d.biller.code,
      d.verification.customerNumber,
      d.meterType,
      d.subscriptionType,
      d.bouquet?.code ?? null,
      d.amountKobo,
      d.phone,
    ]);
    if (lastRef.current?.key !== key) lastRef.current = { key, reference: portalReference() };
    setDraft({
      bill: d,
      quote: quoteBill(d.amountKobo, d.biller, { upfront, test: testMode }),
      reference: lastRef.current.reference,
    });
  };

  const onConfirm = () => {
    if (!draft) return;
    const { bill: d, reference } = draft;
    pay.mutate(
      {
        reference,
        biller: d.biller.code,
        customerNumber: d.verification.customerNumber,
        verificationId: d.verification.id,
        ...(d.kind === 'ELECTRICITY'
          ? { meterType: d.meterType ?? undefined, amountKobo: d.amountKobo }
          : {
              subscriptionType: d.subscriptionType ?? undefined,
              ...(d.subscriptionType === 'CHANGE' ? { bouquetCode: d.bouquet?.code } : {}),
            }),
        phone: d.phone,
        ...(d.email ? { email: d.email } : {}),
      },
      {
        onSuccess: (res) => {
          if (res.success === false || !res.data) {
            toast.error(res.message || 'The payment could not be completed.');
            return;
          }
          const status = res.data.status;
          if (status === 'SUCCESSFUL') toast.success(res.message);
          else if (status === 'FAILED') toast.error(res.message);
          else toast(res.message);
          lastRef.current = null;
          setDraft(null);
          setResult({ bill: res.data, message: res.message });
        },
        onError: (error) => {
          // A refusal the server words for this payment (biller switched off, not assigned...).
          if (error instanceof ApiError && (BILL_REFUSALS as readonly string[]).includes(error.code ?? '')) {
            toast.error(error.message);
            setDraft(null);
          } else toastApiError(error);
        },
      },
    );
  };

  return (
    <div className="space-y-5">
      {verified ? (
        <>
          <VerifiedDetails
            biller={verified.biller}
            verification={verified.verification}
            onChange={() => setVerified(null)}
          />
          <PayForm
            key={verified.verification.id}
            biller={verified.biller}
            verification={verified.verification}
            onContinue={onContinue}
          />
        </>
      ) : (
        <VerifyForm
          kind={kind}
          billers={list}
          initial={lastVerify}
          onVerified={(v, values) => {
            setVerified(v);
            setLastVerify(values);
          }}
        />
      )}
      <BillConfirmModal
        draft={draft?.bill ?? null}
        quote={draft?.quote ?? null}
        availableKobo={availableKobo}
        pending={pay.isPending}
        onConfirm={onConfirm}
        onCancel={() => setDraft(null)}
      />
    </div>
  );
}
