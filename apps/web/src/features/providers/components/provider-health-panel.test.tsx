// The Providers screen's health cards (issue 49): each breaker state as the admin reads it, the last
// hour's figures and float, and forcing a provider open with a reason and the admin's password.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BREAKER_STATES,
  type ProviderHealthView,
  type ProvidersScreenView,
  type UpstreamProviderView,
} from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const asAdmin = (permissions: string[]) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);

const lastHour = { delivered: 412, failed: 3, unknown: 57, timeout: 21, refused: 0, p50Ms: 640, p95Ms: 5000 };
const health = (h: Partial<ProviderHealthView>): ProviderHealthView => ({
  state: 'CLOSED',
  since: null,
  reason: null,
  forced: false,
  lastHour,
  ...h,
});
const provider = (
  id: 'VTPASS' | 'RELOADLY',
  name: string,
  h: ProviderHealthView | null,
): UpstreamProviderView => ({
  id,
  name,
  configured: true,
  usable: true,
  hasBalance: true,
  balanceKobo: 12_500_000,
  balanceCheckedAt: null,
  balanceError: null,
  lowBalance: false,
  last24h: {
    counted: true,
    attempts: 0,
    successful: 0,
    failed: 0,
    reversed: 0,
    successRate: null,
    p50Ms: null,
    p95Ms: null,
    unknownOpen: 0,
  },
  health: h,
});
const screenWith = (vtpass: ProviderHealthView): ProvidersScreenView => ({
  providers: [{ ...provider('VTPASS', 'VTpass', vtpass) }, provider('RELOADLY', 'Reloadly', health({}))],
  platforms: [],
  lowBalanceKobo: 0,
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('provider health', () => {
  it.each(BREAKER_STATES)(
    '[PROVIDERS-HEALTH] a provider %s shows its state, since when, why, its last hour and its float',
    async (state) => {
      asAdmin(['services.read']);
      const h = health({
        state,
        since: state === 'CLOSED' ? null : '2026-01-05T14:07:00.000Z',
        reason: state === 'CLOSED' ? null : '5 of the last 6 calls went wrong (the last: http 5xx, HTTP 500)',
      });
      vi.stubGlobal(
        'fetch',
        stubFetch([...layout(), { path: '/api/v1/admin/providers', body: ok(screenWith(h)) }]).fn,
      );
      renderApp('/admin-dashboard/providers');
      const card = await screen.findByRole('region', { name: 'VTpass health' }, { timeout: 5000 });
      const word = { CLOSED: 'Closed', OPEN: 'Open', HALF_OPEN: 'Half-open' }[state];
      expect(within(card).getByText(word)).toBeInTheDocument();
      if (state === 'CLOSED')
        expect(within(card).getByText('Never taken out of the route')).toBeInTheDocument();
      else {
        expect(within(card).getByText('Since Jan 5, 3:07 PM')).toBeInTheDocument();
        expect(within(card).getByText(/5 of the last 6 calls went wrong/)).toBeInTheDocument();
      }
      expect(within(card).getByText('412')).toBeInTheDocument();
      expect(within(card).getByText('57')).toBeInTheDocument();
      expect(within(card).getByText('640 ms / 5.0 s')).toBeInTheDocument();
      expect(within(card).getByText('₦125,000.00')).toBeInTheDocument();
      // Read-only without services.manage.
      expect(within(card).queryByRole('button')).not.toBeInTheDocument();
    },
  );

  it('[PROVIDERS-HEALTH] forces a provider open with a reason and the password; the simulator has no card', async () => {
    asAdmin(['services.read', 'services.manage']);
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/admin/providers', body: ok(screenWith(health({}))) },
      {
        method: 'POST',
        path: '/api/v1/admin/providers/VTPASS/health',
        body: ok(
          health({ state: 'OPEN', forced: true, reason: 'maintenance window' }),
          'Provider forced open: new vends skip it until an admin closes it',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/providers');
    const card = await screen.findByRole('region', { name: 'VTpass health' }, { timeout: 5000 });
    expect(screen.queryByRole('region', { name: 'Simulator health' })).not.toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Force open' }));
    const dialog = await screen.findByRole('dialog');
    const submit = within(dialog).getByRole('button', { name: 'Force open' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'maintenance window');
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'Correct-Horse-Battery-9');
    await userEvent.click(submit);
    expect(
      await screen.findByText('Provider forced open: new vends skip it until an admin closes it'),
    ).toBeInTheDocument();
    const sent = stub.calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({
      state: 'OPEN',
      reason: 'maintenance window',
      password: 'Correct-Horse-Battery-9',
    });
  });
});
