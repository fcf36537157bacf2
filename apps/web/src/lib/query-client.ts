// TanStack Query defaults of spec §8/§9: failed calls retried up to 2 times, cached data kept
// 60 seconds after last use. Client errors (4xx) are answers, not failures, so they are not
// retried; mutations are never retried because most of them are not idempotent.
import { type DefaultOptions, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

export const MAX_RETRIES = 2;
export const GC_TIME_MS = 60_000;

export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return true;
}

export const queryConfig: DefaultOptions = {
  queries: {
    retry: shouldRetry,
    gcTime: GC_TIME_MS,
    staleTime: 15_000,
    refetchOnWindowFocus: false,
  },
  mutations: { retry: 0 },
};

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

export const queryClient = createQueryClient();
