import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationSetupView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** A user's notification set-up (mine, or a team member's). */
export const getNotificationSetup = (userId: string, signal?: AbortSignal) =>
  api.get<ApiSuccess<NotificationSetupView>>(`notification-setup/${userId}`, { signal });

export const notificationSetupQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: settingsKeys.notificationSetup(userId),
    queryFn: ({ signal }) => getNotificationSetup(userId, signal),
    select: (res) => res.data,
    enabled: !!userId,
  });

export const useNotificationSetup = (userId: string) => useQuery(notificationSetupQueryOptions(userId));
