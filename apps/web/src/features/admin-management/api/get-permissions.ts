import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSuccess, api } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export type PermissionEntry = { name: string; description: string };

export const permissionsQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.permissions(),
    queryFn: ({ signal }) => api.get<ApiSuccess<PermissionEntry[]>>('permissions', { signal }),
    select: (res) => res.data,
    // The catalogue is fixed in code: it changes only with a release.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const usePermissionCatalogue = () => useQuery(permissionsQueryOptions());
