import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FundRequestView, koboToNairaString } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

export type FundRequestKind = 'FUNDING' | 'REPAYMENT';

export type CreateFundRequestInput = {
  kind: FundRequestKind;
  amountKobo: number;
  transferReference: string;
  proof?: File | null;
};

const PATHS = { FUNDING: 'fund-request', REPAYMENT: 'postpaid-repayment' } as const;

/** JSON without a proof; multipart (fields amount, transferReference, file proof) with one. */
export function createFundRequest({ kind, amountKobo, transferReference, proof }: CreateFundRequestInput) {
  const amount = koboToNairaString(amountKobo);
  if (!proof) return api.post<ApiEnvelope<FundRequestView>>(PATHS[kind], { amount, transferReference });
  const form = new FormData();
  form.set('amount', amount);
  form.set('transferReference', transferReference);
  form.set('proof', proof, proof.name);
  return api.post<ApiEnvelope<FundRequestView>>(PATHS[kind], form);
}

export function useCreateFundRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFundRequest,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
