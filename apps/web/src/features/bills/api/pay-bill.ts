import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BillView, koboToNairaString, type PortalBillPayBody } from '@vendport/shared';
import { BILL_REFUSALS } from '@/lib/api/bill-refusals';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { IDEMPOTENT_MUTATION } from '@/lib/query-client';

export type PayBillInput = Omit<PortalBillPayBody, 'amount' | 'reference'> & {
  /** One per confirmed payment: a retried request never pays twice. */
  reference: string;
  /** Electricity only. */
  amountKobo?: number;
};

/** Pays a verified bill from the wallet; the answer is the bill (final or PENDING). */
export const payBill = ({ amountKobo, ...input }: PayBillInput) =>
  api.post<ApiEnvelope<BillView>>(
    'bills/pay',
    { ...input, ...(amountKobo !== undefined ? { amount: koboToNairaString(amountKobo) } : {}) },
    { handledCodes: BILL_REFUSALS },
  );

export function usePayBill() {
  const queryClient = useQueryClient();
  // Safe to retry: the reference is the server's idempotency key (same reference, same bill).
  return useMutation({
    ...IDEMPOTENT_MUTATION,
    mutationFn: payBill,
    onSettled: () => invalidateMoneyQueries(queryClient),
  });
}
