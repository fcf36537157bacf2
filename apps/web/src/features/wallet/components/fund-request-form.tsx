// A bank transfer the client has made (or is about to make) to the funding account: amount,
// the transfer reference, and an optional proof of payment (PDF, PNG or JPEG up to 5 MB).
// Serves fund requests and postpaid repayments alike.
import { zodResolver } from '@hookform/resolvers/zod';
import { AMOUNT_LIMITS, type FundRequestView, fundRequestBody } from '@vendport/shared';
import { type ChangeEvent, useId, useRef, useState } from 'react';

import { Button } from '@/components/ui/button';
import { MoneyInput } from '@/components/ui/money-input';
import { TextInput } from '@/components/ui/text-input';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useAppForm } from '@/lib/use-app-form';
import { type FundRequestKind, useCreateFundRequest } from '../api/create-fund-request';

export const MAX_PROOF_BYTES = 5 * 1024 * 1024;
const PROOF_TYPES = ['application/pdf', 'image/png', 'image/jpeg'];
const PROOF_EXTENSIONS = /\.(pdf|png|jpe?g)$/i;

/** Why a proof file cannot be sent, or null. The server checks the content again. */
export function proofProblem(file: File): string | null {
  const typeOk = file.type ? PROOF_TYPES.includes(file.type) : PROOF_EXTENSIONS.test(file.name);
  if (!typeOk) return 'Attach a PDF, PNG or JPEG file';
  if (file.size > MAX_PROOF_BYTES) return 'The file must be 5 MB or smaller';
  if (file.size === 0) return 'The file is empty';
  return null;
}

const EMPTY = { amount: '', transferReference: '' };

export function FundRequestForm({
  kind,
  onSubmitted,
}: {
  kind: FundRequestKind;
  /** The request the server created (the bank transfer steps move on to confirming it). */
  onSubmitted?: (request: FundRequestView) => void;
}) {
  const mutation = useCreateFundRequest();
  const fileInput = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const [proof, setProof] = useState<File | null>(null);
  const [proofError, setProofError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useAppForm({ resolver: zodResolver(fundRequestBody), defaultValues: EMPTY, mode: 'onTouched' });

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0] ?? null;
    setProof(file);
    setProofError(file ? proofProblem(file) : null);
  };
  const clearFile = () => {
    setProof(null);
    setProofError(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const onSubmit = handleSubmit((values) => {
    if (proof && proofProblem(proof)) return;
    mutation.mutate(
      { kind, amountKobo: values.amount, transferReference: values.transferReference, proof },
      {
        onSuccess: (res) => {
          toastApiResult(res);
          if (res.success === false) return;
          reset(EMPTY);
          clearFile();
          if (res.data) onSubmitted?.(res.data);
        },
        onError: toastApiError,
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4"
      aria-label={kind === 'FUNDING' ? 'Fund request' : 'Repayment'}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <MoneyInput
          label="Amount (₦)"
          limits={AMOUNT_LIMITS.funding}
          placeholder="e.g. 50,000"
          required
          error={!!errors.amount}
          errorMessage={errors.amount?.message}
          {...register('amount')}
        />
        <TextInput
          label="Transfer reference"
          placeholder="Bank reference"
          required
          error={!!errors.transferReference}
          errorMessage={errors.transferReference?.message}
          {...register('transferReference')}
        />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-700">
          Proof of payment <span className="font-normal text-slate-500">(optional)</span>
        </label>
        <div className="flex flex-wrap items-center gap-3">
          <input
            ref={fileInput}
            id={fileId}
            type="file"
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            onChange={onFile}
            aria-invalid={proofError ? true : undefined}
            className="min-w-0 flex-1 text-sm text-slate-600 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-700 hover:file:bg-slate-50"
          />
          {proof ? (
            <Button variant="ghost" size="sm" onClick={clearFile}>
              Remove file
            </Button>
          ) : null}
        </div>
        {proofError ? (
          <p className="text-xs font-medium text-red-600" role="alert">
            {proofError}
          </p>
        ) : (
          <p className="text-xs text-slate-500">PDF, PNG or JPEG, up to 5 MB.</p>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={mutation.isPending}>
          {kind === 'FUNDING' ? 'Submit fund request' : 'Submit repayment'}
        </Button>
      </div>
    </form>
  );
}
