import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkBillsBody, BulkBillsCheck, BulkBillsResult } from '@vendport/shared';
import { BILL_REFUSALS } from '@/lib/api/bill-refusals';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';

/** The file and its batch reference (one per chosen file: rows without a reference get <batch>-<row>). */
export type BulkBillsInput = Required<BulkBillsBody>;

/** Step 1: the server verifies every row with its biller and prices it; nothing is charged. */
export const checkBulkBills = (input: BulkBillsInput) =>
  api.post<ApiEnvelope<BulkBillsCheck>>('bills/bulk/check', input, { handledCodes: BILL_REFUSALS });

/** Step 2: the server checks the file again, then pays each row (the same file twice pays once). */
export const payBulkBills = (input: BulkBillsInput) =>
  api.post<ApiEnvelope<BulkBillsResult>>('bills/bulk/pay', input, { handledCodes: BILL_REFUSALS });

export const useCheckBulkBills = () => useMutation({ mutationFn: checkBulkBills });

export function usePayBulkBills() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: payBulkBills, onSettled: () => invalidateMoneyQueries(queryClient) });
}
