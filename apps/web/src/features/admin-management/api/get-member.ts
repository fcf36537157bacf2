// One team member (spec §7 Admin users: GET {id}), for the member's detail view.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TeamMemberView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { teamKeys } from './query-keys';

export const memberQueryOptions = (id: string) =>
  queryOptions({
    queryKey: teamKeys.member(id),
    queryFn: ({ signal }) => api.get<ApiSuccess<TeamMemberView>>(`admins/${id}`, { signal }),
    select: (res) => res.data,
  });

export const useMember = (id: string) => useQuery(memberQueryOptions(id));
