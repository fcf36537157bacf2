import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';

export const authKeys = {
  all: ['auth'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};

/** data is the user or { user } (see userFromData in lib/session). */
export const getMe = (signal?: AbortSignal) =>
  api.get<ApiSuccess<SessionUser | { user: SessionUser }>>('me', { signal });

export const meQueryOptions = () =>
  queryOptions({ queryKey: authKeys.me(), queryFn: ({ signal }) => getMe(signal), staleTime: 60_000 });

export const useMe = (enabled = true) => useQuery({ ...meQueryOptions(), enabled });
