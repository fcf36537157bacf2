import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Paginated, WebhookDeliveryView } from '@vendport/shared';
import { api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** Every delivery of my webhook events, newest first. */
export const getWebhookDeliveries = (page: number, limit: number, signal?: AbortSignal) =>
  api.get<Paginated<WebhookDeliveryView>>('webhooks/deliveries', { query: { page, limit }, signal });

export const webhookDeliveriesQueryOptions = (page: number, limit: number) =>
  queryOptions({
    queryKey: settingsKeys.deliveries(page, limit),
    queryFn: ({ signal }) => getWebhookDeliveries(page, limit, signal),
    placeholderData: keepPreviousData,
  });

export const useWebhookDeliveries = (page: number, limit: number) =>
  useQuery(webhookDeliveriesQueryOptions(page, limit));
