import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WebhookView } from '@vendport/shared';
import { type ApiSuccess, api } from '@/lib/api-client';
import { settingsKeys } from './query-keys';

/** My webhook URL and its signing secret, masked. */
export const getWebhook = (signal?: AbortSignal) =>
  api.get<ApiSuccess<WebhookView>>('web-hook-url', { signal });

export const webhookQueryOptions = () =>
  queryOptions({
    queryKey: settingsKeys.webhook(),
    queryFn: ({ signal }) => getWebhook(signal),
    select: (res) => res.data,
  });

export const useWebhook = () => useQuery(webhookQueryOptions());
