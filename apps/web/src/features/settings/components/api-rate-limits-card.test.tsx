// The client's API rate limits card (issue 34), on Settings → API and webhook: its limits per key
// and per client (default or set for it) and the last hour's refusals, in all and per key.
import { screen, within } from '@testing-library/react';
import type { ApiRateLimitsView } from '@vendport/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

const limits = (over: Partial<ApiRateLimitsView> = {}): ApiRateLimitsView => ({
  key: { perSecond: 20, burst: 40, source: 'DEFAULT' },
  client: { perSecond: 200, burst: 1000, source: 'CLIENT' },
  override: { keyPerS: null, keyBurst: null, clientPerS: 200, clientBurst: 1000 },
  defaults: { keyPerS: 20, keyBurst: 40, clientPerS: 50, clientBurst: 100 },
  refusals: {
    since: '2026-03-01T09:00:00.000Z',
    total: 1207,
    byKey: [
      { keyId: 'k1', mode: 'LIVE', masked: 'vpk_live_••••••••3f9a', revoked: false, refused: 1200 },
      { keyId: 'k2', mode: 'TEST', masked: 'vpk_test_••••••••77c1', revoked: true, refused: 7 },
    ],
  },
  ...over,
});

function render(view: ApiRateLimitsView, permissions = ['settings.read', 'apikey.manage']) {
  sessionStore.login(makeUser({ permissions }), 'tok', false);
  const stub = stubFetch([
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: '/api/v1/get-api-key', body: ok([]) },
    { path: '/api/v1/api-rate-limits', body: ok(view) },
  ]);
  vi.stubGlobal('fetch', stub.fn);
  renderApp('/dashboard/settings');
  return stub;
}

afterEach(() => sessionStore.clear());

describe('API rate limits card', () => {
  it('[RATE-LIMIT] shows the limits per key and per client, and the last hour’s refusals per key', async () => {
    render(limits());
    const key = within(await screen.findByTestId('rate-limit-Per API key', {}, { timeout: 8000 }));
    expect(key.getByText('20 requests a second, bursts of up to 40')).toBeInTheDocument();
    expect(key.getByText('Platform default')).toBeInTheDocument();
    const client = within(screen.getByTestId('rate-limit-Per client'));
    expect(client.getByText('200 requests a second, bursts of up to 1,000')).toBeInTheDocument();
    expect(client.getByText('Set for you')).toBeInTheDocument();
    expect(screen.getByTestId('rate-refusals-total')).toHaveTextContent(
      '1,207 calls refused in the last hour',
    );
    expect(screen.getByText('vpk_live_••••••••3f9a')).toBeInTheDocument();
    expect(screen.getByText('1,200')).toBeInTheDocument();
    expect(screen.getByText('(reset)')).toBeInTheDocument();
  }, 15_000);

  it('[RATE-LIMIT] says so when nothing was refused', async () => {
    render(limits({ refusals: { since: '2026-03-01T09:00:00.000Z', total: 0, byKey: [] } }));
    expect(await screen.findByTestId('rate-refusals-total', {}, { timeout: 8000 })).toHaveTextContent(
      'No call refused in the last hour',
    );
  }, 15_000);

  it('[RATE-LIMIT] without apikey.manage the card is not shown, nor its figures asked for', async () => {
    const stub = render(limits(), ['settings.read']);
    expect(await screen.findByRole('heading', { name: /settings/i }, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByText('API rate limits')).not.toBeInTheDocument();
    expect(stub.calls.some((c) => c.url.includes('api-rate-limits'))).toBe(false);
  }, 15_000);
});
