import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export const rolesQueryOptions = () =>
  queryOptions({
    queryKey: teamKeys.roles(),
    queryFn: ({ signal }) => api.get<ApiSuccess<RoleView[]>>('roles', { signal }),
    select: (res) => res.data,
  });

export const useRoles = (enabled = true) => useQuery({ ...rolesQueryOptions(), enabled });
