// A client's API rate limits on its detail page (issue 34): the limits in force and the last
// hour's refusals; an admin with clients.manage saves the client's own (empty: the default).
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ApiRateLimitsView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeCorporateClient, makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const client = makeCorporateClient({ name: 'Okafor Telecoms Ltd' });
const view = (over: Partial<ApiRateLimitsView> = {}): ApiRateLimitsView => ({
  key: { perSecond: 20, burst: 40, source: 'DEFAULT' },
  client: { perSecond: 50, burst: 100, source: 'DEFAULT' },
  override: { keyPerS: null, keyBurst: null, clientPerS: null, clientBurst: null },
  defaults: { keyPerS: 20, keyBurst: 40, clientPerS: 50, clientBurst: 100 },
  refusals: {
    since: '2026-03-01T09:00:00.000Z',
    total: 12,
    byKey: [{ keyId: 'k1', mode: 'LIVE', masked: 'vpk_live_••••••••3f9a', revoked: false, refused: 12 }],
  },
  ...over,
});

function render(permissions: string[]) {
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);
  const stub = stubFetch([
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: `/api/v1/corporate-clients/${client.id}`, body: ok(client) },
    { path: `/api/v1/corporate-clients/${client.id}/api-rate-limits`, body: ok(view()) },
    {
      method: 'PUT',
      path: `/api/v1/corporate-clients/${client.id}/api-rate-limits`,
      body: ok(
        view({
          client: { perSecond: 200, burst: 100, source: 'CLIENT' },
          override: { keyPerS: null, keyBurst: null, clientPerS: 200, clientBurst: null },
        }),
        'API rate limits saved',
      ),
    },
  ]);
  vi.stubGlobal('fetch', stub.fn);
  renderApp(`/admin-dashboard/view-corporate-client/${client.id}`);
  return stub;
}

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('client API rate limits card', () => {
  it('[RATE-LIMIT] shows the limits and refusals; a save sends numbers, an empty field the default', async () => {
    const stub = render(['clients.read', 'clients.manage']);
    expect(await screen.findByTestId('client-rate-refusals', {}, { timeout: 8000 })).toHaveTextContent(
      'Refused in the last hour: 12 (vpk_live_••••••••3f9a: 12)',
    );
    const form = within(screen.getByRole('form', { name: 'Client API rate limits' }));
    expect(form.getByLabelText('Burst per key')).toHaveAttribute('placeholder', 'Default: 40');
    const rate = form.getByLabelText('Requests a second for the client');
    await userEvent.type(rate, '0');
    await userEvent.click(form.getByRole('button', { name: 'Save rate limits' }));
    expect(await form.findByText(/at least 1/)).toBeInTheDocument();
    expect(stub.calls.some((c) => c.method === 'PUT')).toBe(false);
    await userEvent.clear(rate);
    await userEvent.type(rate, '200');
    await userEvent.click(form.getByRole('button', { name: 'Save rate limits' }));
    expect(await screen.findByText('API rate limits saved')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      keyPerS: null,
      keyBurst: null,
      clientPerS: 200,
      clientBurst: null,
    });
  }, 20_000);

  it('[RATE-LIMIT] without clients.manage the limits are shown, not the form', async () => {
    render(['clients.read']);
    expect(await screen.findByTestId('client-rate-refusals', {}, { timeout: 8000 })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Client API rate limits' })).not.toBeInTheDocument();
  }, 15_000);
});
