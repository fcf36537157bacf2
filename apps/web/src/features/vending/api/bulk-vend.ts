import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkVendResult } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { invalidateMoneyQueries } from '@/lib/money-queries';
import { VEND_REFUSALS } from './refusals';

export type BulkVendInput = {
  csv: string;
  /** One per chosen file: rows without a reference get <batchReference>-<row>, so a retry is safe. */
  batchReference: string;
};

/** The server validates every row again before charging anything, then vends each row. */
export const bulkVend = (input: BulkVendInput) =>
  api.post<ApiEnvelope<BulkVendResult>>('vend/bulk', input, { handledCodes: VEND_REFUSALS });

export function useBulkVend() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bulkVend, onSettled: () => invalidateMoneyQueries(queryClient) });
}
