import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RoleView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export const roleQueryOptions = (id: string) =>
  queryOptions({
    queryKey: teamKeys.role(id),
    queryFn: ({ signal }) => api.get<ApiSuccess<RoleView>>(`roles/${id}`, { signal }),
    select: (res) => res.data,
  });

export const useRole = (id: string) => useQuery(roleQueryOptions(id));
