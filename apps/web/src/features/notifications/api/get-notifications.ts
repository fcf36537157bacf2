import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationView, type Paginated } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { notificationKeys } from './query-keys';

export { NOTIFICATIONS_PAGE_SIZE };

/** Server-side pages of 40, newest first, starting at page 1. */
export const getNotifications = (page: number, signal?: AbortSignal) =>
  api.get<Paginated<NotificationView>>('notifications', { query: { page }, signal });

export const notificationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: notificationKeys.list(page),
    queryFn: ({ signal }) => getNotifications(page, signal),
    placeholderData: keepPreviousData,
  });

export const useNotifications = (page: number) => useQuery(notificationsQueryOptions(page));
