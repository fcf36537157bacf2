import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiSuccess, api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export const getUnreadCount = (signal?: AbortSignal) =>
  api.get<ApiSuccess<{ count: number }>>('notifications/unread-count', { signal });

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.unreadCount(),
    queryFn: ({ signal }) => getUnreadCount(signal),
    select: (res) => res.data?.count ?? 0,
    refetchInterval: 60_000,
  });

export const useUnreadCount = () => useQuery(unreadCountQueryOptions());
