import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type AdminFundingView, type ClientType, koboToNairaString } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { IDEMPOTENT_MUTATION } from '@/lib/query-client';

/** Each client type has its own funding endpoint (spec §7 Clients). */
export const FUND_PATHS: Record<ClientType, string> = {
  PREPAID: 'fund',
  POSTPAID: 'fund-postpaid',
  POSTPAID_PLUS: 'fund-postpaidplus',
};

export type FundClientInput = {
  clientType: ClientType;
  corporateId: string;
  amountKobo: number;
  reason: string;
  password: string;
  /** One key per opened form: a retried submit never credits twice. */
  reference: string;
};

export const fundClientWallet = ({ clientType, amountKobo, ...body }: FundClientInput) =>
  api.post<ApiEnvelope<AdminFundingView>>(FUND_PATHS[clientType], {
    ...body,
    amount: koboToNairaString(amountKobo),
  });

export function useFundClientWallet() {
  const queryClient = useQueryClient();
  // Safe to retry: the per-form reference makes the server return the first credit.
  return useMutation({
    ...IDEMPOTENT_MUTATION,
    mutationFn: fundClientWallet,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
