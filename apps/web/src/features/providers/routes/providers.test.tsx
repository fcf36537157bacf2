import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProvidersScreenView, UpstreamProviderView } from '@vendport/shared';
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

const stats = {
  counted: true,
  attempts: 0,
  successful: 0,
  failed: 0,
  reversed: 0,
  successRate: null,
  p50Ms: null,
  p95Ms: null,
  unknownOpen: 0,
};
const provider = (
  p: Partial<UpstreamProviderView> & Pick<UpstreamProviderView, 'id' | 'name'>,
): UpstreamProviderView => ({
  configured: true,
  usable: true,
  hasBalance: p.id !== 'SIMULATOR',
  balanceKobo: null,
  balanceCheckedAt: null,
  balanceError: null,
  lowBalance: false,
  last24h: stats,
  health:
    p.id === 'SIMULATOR'
      ? null
      : {
          state: 'CLOSED',
          since: null,
          reason: null,
          forced: false,
          lastHour: { delivered: 0, failed: 0, unknown: 0, timeout: 0, refused: 0, p50Ms: null, p95Ms: null },
        },
  ...p,
});

const data: ProvidersScreenView = {
  providers: [
    provider({ id: 'SIMULATOR', name: 'Simulator', last24h: { ...stats, counted: false } }),
    provider({
      id: 'VTPASS',
      name: 'VTpass',
      balanceKobo: 4_000_000,
      balanceCheckedAt: '2026-01-05T14:07:00.000Z',
      lowBalance: true,
      last24h: {
        counted: true,
        attempts: 1240,
        successful: 1180,
        failed: 20,
        reversed: 2,
        successRate: 98.3,
        p50Ms: 850,
        p95Ms: 4200,
        unknownOpen: 3,
      },
    }),
    provider({ id: 'RELOADLY', name: 'Reloadly', configured: false, usable: false }),
  ],
  platforms: [
    { platform: 'AGGREGATOR', providers: ['VTPASS', 'SIMULATOR'], source: 'ADMIN', unusable: [], note: null },
    {
      platform: 'VTU',
      providers: [],
      source: 'ENVIRONMENT',
      unusable: [],
      note: 'No provider: VTU vends are off until one is set',
    },
  ],
  lowBalanceKobo: 5_000_000,
};

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('providers screen', () => {
  it('[PROVIDERS-SCREEN] shows each provider with its status, balance (Lagos time) and last 24 h; read-only without services.manage', async () => {
    asAdmin(['services.read']);
    vi.stubGlobal('fetch', stubFetch([...layout(), { path: '/api/v1/admin/providers', body: ok(data) }]).fn);
    renderApp('/admin-dashboard/providers');
    const table = await screen.findByRole('table', { name: 'Providers' }, { timeout: 5000 });
    await within(table).findByText('VTpass');
    const row = (name: string) =>
      within(within(table).getByText(name).closest('tr')!)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(row('VTpass')).toEqual([
      'VTpassVTPASS',
      'Configured',
      '₦40,000.00LowChecked Jan 5, 3:07 PM',
      '1,240',
      '98.3%1,180 delivered · 20 failed · 2 refunded',
      '850 ms / 4.2 s',
      '3',
    ]);
    expect(row('Reloadly')[1]).toBe('Not configured');
    expect(row('Simulator')[2]).toBe('Answers from our books');
    // The simulator's calls are not attempts: not counted, rather than "0" (issue 53 point 8).
    expect(row('Simulator')[3]).toBe('Not counted');
    expect(screen.getByText('No provider: VTU vends are off until one is set')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Refresh balance/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save/ })).not.toBeInTheDocument();
  });

  it('[PROVIDERS-SCREEN] reorders a platform, offers only usable providers, and saves after confirmation', async () => {
    asAdmin(['services.read', 'services.manage']);
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/admin/providers', body: ok(data) },
      {
        method: 'PUT',
        path: '/api/v1/admin/providers/routes',
        body: ok(
          {
            platform: 'AGGREGATOR',
            providers: ['SIMULATOR', 'VTPASS'],
            source: 'ADMIN',
            unusable: [],
            note: null,
          },
          'AGGREGATOR vends now go through SIMULATOR, then VTPASS',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/providers');
    const card = await screen.findByRole(
      'region',
      { name: 'Aggregator API provider order' },
      { timeout: 5000 },
    );
    const save = within(card).getByRole('button', { name: 'Save Aggregator API order' });
    expect(save).toBeDisabled();
    await userEvent.click(within(card).getByRole('button', { name: 'Move Simulator up in Aggregator API' }));
    expect(
      within(within(card).getByRole('list'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining('Simulator'), expect.stringContaining('VTpass')]);
    // Both usable providers are in the list already; Reloadly is not configured: nothing to add.
    const add = within(card).getByLabelText('Add a provider to Aggregator API');
    expect(within(add).queryByRole('option', { name: 'Reloadly' })).not.toBeInTheDocument();

    await userEvent.click(save);
    let dialog = await screen.findByRole('dialog', { name: 'Save the Aggregator API provider order' });
    expect(dialog).toHaveTextContent('go through Simulator, then VTpass');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const puts = () => stub.calls.filter((c) => c.method === 'PUT');
    expect(puts()).toHaveLength(0);

    await userEvent.click(save);
    dialog = await screen.findByRole('dialog', { name: 'Save the Aggregator API provider order' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save order' }));
    expect(
      await screen.findByText('AGGREGATOR vends now go through SIMULATOR, then VTPASS'),
    ).toBeInTheDocument();
    expect(puts()[0]!.body).toEqual({ platform: 'AGGREGATOR', providers: ['SIMULATOR', 'VTPASS'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('[PROVIDERS-SCREEN] adds a provider to an empty platform; Refresh reads a balance', async () => {
    asAdmin(['services.read', 'services.manage']);
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/admin/providers', body: ok(data) },
      {
        method: 'POST',
        path: '/api/v1/admin/providers/VTPASS/balance',
        body: ok(
          { ...data.providers[1], balanceKobo: 9_000_000, lowBalance: false },
          'Provider balance refreshed',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/providers');
    const card = await screen.findByRole('region', { name: 'VTU lines provider order' }, { timeout: 5000 });
    const add = within(card).getByLabelText('Add a provider to VTU lines');
    expect(
      within(add)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a provider', 'Simulator', 'VTpass']);
    await userEvent.selectOptions(add, 'VTPASS');
    await userEvent.click(within(card).getByRole('button', { name: 'Add' }));
    expect(within(card).getByRole('list')).toHaveTextContent('VTpass');
    expect(
      within(card).queryByText('No provider: VTU vends are off until one is set'),
    ).not.toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Save VTU lines order' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Refresh balance of VTpass' }));
    expect(await screen.findByText('Provider balance refreshed')).toBeInTheDocument();
    expect(
      stub.calls.some((c) => c.method === 'POST' && c.url.endsWith('/admin/providers/VTPASS/balance')),
    ).toBe(true);
  });

  it('[PROVIDERS-SCREEN] a failed load says so with a retry', async () => {
    asAdmin(['services.read']);
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        {
          // A refusal the screen keeps (a 500 would leave for the /500 page, spec §8).
          path: '/api/v1/admin/providers',
          status: 400,
          body: { success: false, message: 'Boom', errors: [] },
        },
      ]).fn,
    );
    renderApp('/admin-dashboard/providers');
    expect(await screen.findByText('Providers could not be loaded.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
