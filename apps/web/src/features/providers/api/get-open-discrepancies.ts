import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OpenDiscrepanciesView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { providerKeys } from './query-keys';

export type OpenDiscrepancies = OpenDiscrepanciesView;

/** How many discrepancies wait in the review queue, per provider (issue 49). */
export const getOpenDiscrepancies = (signal?: AbortSignal) =>
  api.get<ApiSuccess<OpenDiscrepancies>>('admin/discrepancies/open', { signal });

export const useOpenDiscrepancies = (enabled: boolean) =>
  useQuery(
    queryOptions({
      queryKey: providerKeys.openDiscrepancies(),
      queryFn: ({ signal }) => getOpenDiscrepancies(signal),
      select: (res) => res.data,
      enabled,
    }),
  );
