// Spec §8 retry rule: failed queries are retried up to two times; mutations only when the call
// carries a reference the server deduplicates (IDEMPOTENT_MUTATION), never otherwise.
import { MutationObserver, QueryClientProvider, QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useFundClientWallet } from '@/features/corporate-clients/api/fund-client-wallet';
import { useCreateVend } from '@/features/vending/api/create-vend';
import { useFundVtuLine } from '@/features/vtu/api/fund-vtu-line';
import { useCreateFundRequest } from '@/features/wallet/api/create-fund-request';
import { ApiError } from './api-client';
import { createQueryClient, IDEMPOTENT_MUTATION, MAX_RETRIES } from './query-client';

const fast = { retryDelay: 1 };

async function runQuery(error: ApiError) {
  const client = createQueryClient();
  const fn = vi.fn().mockRejectedValue(error);
  const observer = new QueryObserver(client, { queryKey: ['q', error.status], queryFn: fn, ...fast });
  await new Promise<void>((resolve) => {
    const stop = observer.subscribe((r) => {
      if (r.status === 'error') {
        stop();
        resolve();
      }
    });
  });
  return fn.mock.calls.length;
}

async function runMutation(error: ApiError, options: object = {}) {
  const client = createQueryClient();
  const fn = vi.fn().mockRejectedValue(error);
  const observer = new MutationObserver(client, { mutationFn: fn, ...options, ...fast });
  await observer.mutate(undefined).catch(() => undefined);
  return fn.mock.calls.length;
}

describe('[RETRY] spec §8: failed calls are retried up to 2 times', () => {
  it('a failed query is tried three times in all (two retries)', async () => {
    expect(MAX_RETRIES).toBe(2);
    expect(await runQuery(new ApiError(500, 'down'))).toBe(3);
  });

  it('a client error (4xx) is an answer, not retried', async () => {
    expect(await runQuery(new ApiError(404, 'not found'))).toBe(1);
  });

  it('a mutation is sent once by default, even when the server fails', async () => {
    expect(await runMutation(new ApiError(500, 'down'))).toBe(1);
    expect(await runMutation(new ApiError(503, 'unavailable'))).toBe(1);
  });

  it('an idempotent mutation (deduplicated by its reference) is retried up to two times', async () => {
    expect(await runMutation(new ApiError(500, 'down'), IDEMPOTENT_MUTATION)).toBe(3);
    expect(await runMutation(new ApiError(409, 'conflict'), IDEMPOTENT_MUTATION)).toBe(1);
  });
});

describe('[RETRY] which mutations retry', () => {
  // The real hooks, against a server that keeps failing with 500: the calls the server
  // deduplicates by reference are repeated twice, the others go out once.
  async function callsOf(use: () => { mutateAsync: (v: never) => Promise<unknown> }, vars: unknown) {
    const { api } = await import('./api-client');
    const post = vi.spyOn(api, 'post').mockRejectedValue(new ApiError(500, 'down'));
    const get = vi.spyOn(api, 'get').mockRejectedValue(new ApiError(500, 'down'));
    vi.useFakeTimers();
    try {
      const client = createQueryClient();
      const wrapper = ({ children }: { children: ReactNode }) =>
        createElement(QueryClientProvider, { client }, children);
      const { result } = renderHook(use, { wrapper });
      const done = result.current.mutateAsync(vars as never).catch(() => undefined);
      await vi.advanceTimersByTimeAsync(60_000);
      await done;
      return post.mock.calls.length + get.mock.calls.length;
    } finally {
      vi.useRealTimers();
      post.mockRestore();
      get.mockRestore();
    }
  }

  it('a vend (with its reference) is retried', async () => {
    const vend = {
      reference: 'WEB-1',
      phone: '+2348031234567',
      network: 'MTN',
      type: 'AIRTIME',
      amountKobo: 10_000,
    };
    expect(await callsOf(useCreateVend, vend)).toBe(3);
  });

  it("an admin's wallet funding (with its per-form reference) is retried", async () => {
    const fund = {
      clientType: 'PREPAID',
      corporateId: 'c1',
      amountKobo: 100,
      reason: 'r',
      password: 'p',
      reference: 'k',
    };
    expect(await callsOf(useFundClientWallet, fund)).toBe(3);
  });

  it('a bank funding request (no reference the server replays) is sent once', async () => {
    const request = { kind: 'FUNDING', amountKobo: 100_000, transferReference: 'TRF-1' };
    expect(await callsOf(useCreateFundRequest, request)).toBe(1);
  });

  it('a VTU line funding (a repeated reference is refused, not replayed) is sent once', async () => {
    const body = { vtuLine: 'l1', amount: '10.00', reference: 'PAY-1', password: 'p' };
    expect(await callsOf(useFundVtuLine, body)).toBe(1);
  });
});
