import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ReconciliationDetailView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { discrepancyKeys } from './query-keys';

export type ReconciliationDetail = ReconciliationDetailView;

export const reconciliationPath = (id: string) => `admin/reconciliations/${encodeURIComponent(id)}`;

/** One run with each mismatch and both versions. */
export const getReconciliation = (id: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<ReconciliationDetail>>(reconciliationPath(id), { signal });

export const useReconciliation = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: discrepancyKeys.run(id ?? ''),
      queryFn: ({ signal }) => getReconciliation(id!, signal),
      select: (res) => res.data,
      enabled: !!id,
    }),
  );
