// What every signed-in user sees of the platform: its name, support contact and the maintenance
// banner an admin sets (shown at the top of every portal page while set).
import { useQuery } from '@tanstack/react-query';
import type { PublicPlatformView } from '@vendport/shared';
import { type ApiSuccess, api } from './api-client';

export const PLATFORM_QUERY_KEY = ['platform'] as const;

export const usePlatform = (enabled: boolean) =>
  useQuery({
    queryKey: PLATFORM_QUERY_KEY,
    queryFn: ({ signal }) => api.get<ApiSuccess<PublicPlatformView>>('platform', { signal }),
    select: (res) => res.data,
    enabled,
    staleTime: 60_000,
    // Only a notice: a failed read is not worth retries (the next page load asks again).
    retry: false,
  });
