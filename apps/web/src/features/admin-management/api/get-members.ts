import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, TeamMemberView } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { type MemberFilters, teamKeys } from './query-keys';

export const getMembers = (f: MemberFilters, signal?: AbortSignal) =>
  api.get<Paginated<TeamMemberView>>('admins/list', { query: f, signal });

export const membersQueryOptions = (f: MemberFilters) =>
  queryOptions({
    queryKey: teamKeys.members(f),
    queryFn: ({ signal }) => getMembers(f, signal),
    placeholderData: keepPreviousData,
  });

export const useMembers = (f: MemberFilters, enabled = true) =>
  useQuery({ ...membersQueryOptions(f), enabled });
