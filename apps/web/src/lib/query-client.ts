// TanStack Query defaults of spec §8/§9: failed calls retried up to 2 times, cached data kept
// 60 seconds after last use. Client errors (4xx) are answers, not failures, so they are not
// retried.
//
// Mutations: retried (by the same rule) only when the call is idempotent, i.e. it carries a
// reference the server deduplicates, so that a repeat can never act twice. Those opt in with
// `...IDEMPOTENT_MUTATION`; every other mutation (a bank funding request, a card payment start,
// a VTU line funding, which the server refuses rather than replays, settings, approvals...) is
// sent once. The idempotent ones, also listed in the README:
//   - useCreateVend (POST /vend): its `reference`; the same reference and body replay the vend;
//   - useFundClientWallet (POST /fund, /fund-postpaid, /fund-postpaidplus): the per-form
//     `reference` makes a repeat return the first credit;
//   - useVerifyCardPayment (GET /fund/card/verify): a read; the server credits a payment once.
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
  // Never retried unless the mutation opts in with IDEMPOTENT_MUTATION (see above).
  mutations: { retry: 0 },
};

/** Spread into useMutation options of a call the server deduplicates by its reference. */
export const IDEMPOTENT_MUTATION = { retry: shouldRetry } as const;

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
