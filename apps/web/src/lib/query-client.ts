// TanStack Query defaults of spec §8/§9: failed calls retried up to 2 times, cached data kept
// 60 seconds after last use. Client errors (4xx) are answers, not failures, so they are not
// retried; mutations are never retried because most of them are not idempotent.
import { type DefaultOptions, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { sessionStore } from './session';

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

/**
 * Cached answers belong to the user who fetched them: whenever the signed-in user changes (sign-
 * out, an expired session, another tab signing in or out) the cache is emptied, so nobody is
 * ever shown the previous user's figures. Returns the unsubscribe function.
 */
export function clearOnUserChange(client: QueryClient, store = sessionStore): () => void {
  let current = store.getSnapshot()?.user.id ?? null;
  return store.subscribe(() => {
    const next = store.getSnapshot()?.user.id ?? null;
    if (next === current) return;
    current = next;
    client.clear();
  });
}
