import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProviderPlanSyncView, ProviderPlanView } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
  { path: /^\/api\/v1\/data-plans/, body: ok([]) },
];
const asAdmin = (permissions = ['services.read', 'services.manage']) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);

const row = (over: Partial<ProviderPlanView> = {}): ProviderPlanView => ({
  dataPlanId: '7d1e3f20-5a6b-4c7d-8e9f-0a1b2c3d4e51',
  network: 'MTN',
  code: 'MTN-1.5GB-30D',
  name: 'MTN 1.5GB monthly',
  priceKobo: 150_000,
  status: 'ACTIVE',
  provider: 'VTPASS',
  mapping: {
    providerCode: 'mtn-100mb-1000',
    providerPriceKobo: 95_000,
    active: true,
    updatedAt: '2026-01-02T09:00:00.000Z',
  },
  ...over,
});
const glo = row({
  dataPlanId: '7d1e3f20-5a6b-4c7d-8e9f-0a1b2c3d4e52',
  network: 'GLO',
  code: 'GLO-2.9GB-30D',
  name: 'Glo 2.9GB monthly',
  priceKobo: 100_000,
  mapping: null,
});
const proposal: ProviderPlanSyncView = {
  provider: 'VTPASS',
  new: [
    {
      providerCode: 'glo1000',
      name: 'Glo Data N1000 - 2.5GB - 30 days',
      network: 'GLO',
      providerPriceKobo: 100_000,
    },
  ],
  changed: [
    {
      dataPlanId: row().dataPlanId,
      code: 'MTN-1.5GB-30D',
      name: 'MTN 1.5GB monthly',
      network: 'MTN',
      providerCode: 'mtn-100mb-1000',
      oursKobo: 95_000,
      theirsKobo: 100_000,
    },
  ],
  removed: [
    {
      dataPlanId: '7d1e3f20-5a6b-4c7d-8e9f-0a1b2c3d4e53',
      code: 'GLO-1GB-14D',
      name: 'Glo 1GB fortnightly',
      network: 'GLO',
      providerCode: 'glo-retired',
      oursKobo: 10_000,
    },
  ],
};

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('provider codes', () => {
  it('[PLANS] lists our plans with their code, price and state at the chosen provider', async () => {
    asAdmin(['services.read']);
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/admin\/provider-plans\?provider=VTPASS/, body: ok([row(), glo]) },
      { path: /^\/api\/v1\/admin\/provider-plans\?provider=RELOADLY/, body: ok([]) },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/admin-dashboard/data-plan-management');
    await userEvent.click(await screen.findByRole('tab', { name: 'Provider codes' }, { timeout: 5000 }));
    const mapped = (await screen.findByText('mtn-100mb-1000')).closest('tr')!;
    expect(
      within(mapped)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['MTN-1.5GB-30DMTN · MTN 1.5GB monthly', '₦1,500.00', 'mtn-100mb-1000', '₦950.00', 'Active']);
    const unmapped = screen.getByText('GLO-2.9GB-30D').closest('tr')!;
    expect(within(unmapped).getByText('Not mapped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sync from provider' })).not.toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Provider'), 'RELOADLY');
    await waitFor(() => expect(router.state.location.search).toBe('?view=provider-codes&provider=RELOADLY'));
    expect(await screen.findByText('No data plans yet.')).toBeInTheDocument();
  });

  it('[PLANS] editing a mapping sends the code, the price in naira and the state', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/admin\/provider-plans\?provider=VTPASS/, body: ok([row(), glo]) },
      { method: 'PUT', path: '/api/v1/admin/provider-plans', body: ok(glo, 'Provider code saved') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/data-plan-management?view=provider-codes');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit VTPASS code of GLO-2.9GB-30D' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Add VTPASS code' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save code' }));
    expect(await within(dialog).findByText('The provider code is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Provider code/ }), 'glo1000');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Provider price/ }), '1,000');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('Provider code saved')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      dataPlanId: glo.dataPlanId,
      provider: 'VTPASS',
      providerCode: 'glo1000',
      providerPrice: '1000.00',
      active: true,
    });
  });

  it('[PLANS] the sync lists new, changed and removed; accepting the ticked items is confirmed', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/admin\/provider-plans\?provider=VTPASS/, body: ok([row(), glo]) },
      { method: 'POST', path: '/api/v1/admin/provider-plans/sync', body: ok(proposal) },
      { method: 'POST', path: '/api/v1/admin/provider-plans/sync/accept', body: ok([], '3 changes applied') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/data-plan-management?view=provider-codes');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sync from provider' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sync from VTpass' });
    expect(await within(dialog).findByText('glo1000')).toBeInTheDocument();
    expect(within(dialog).getByRole('checkbox', { name: 'Deactivate GLO-1GB-14D' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Deactivate GLO-1GB-14D' }));
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Deactivate GLO-1GB-14D' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Update MTN-1.5GB-30D' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Map glo1000' })).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Plan for glo1000'), 'GLO-2.9GB-30D');
    expect(within(dialog).getByRole('checkbox', { name: 'Map glo1000' })).toBeChecked();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const confirm = await screen.findByRole('dialog', { name: 'Apply the selected changes' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Apply changes' }));
    expect(await screen.findByText('3 changes applied')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.url.endsWith('/sync/accept'))!.body).toEqual({
      provider: 'VTPASS',
      changes: [
        { dataPlanId: glo.dataPlanId, providerCode: 'glo1000', providerPrice: '1000.00', active: true },
        {
          dataPlanId: row().dataPlanId,
          providerCode: 'mtn-100mb-1000',
          providerPrice: '1000.00',
          active: true,
        },
        {
          dataPlanId: proposal.removed[0]!.dataPlanId,
          providerCode: 'glo-retired',
          providerPrice: null,
          active: false,
        },
      ],
    });
  });

  it('[PLANS] a sync VTpass refuses shows its message in the dialog', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/admin\/provider-plans\?provider=VTPASS/, body: ok([row()]) },
      {
        method: 'POST',
        path: '/api/v1/admin/provider-plans/sync',
        status: 502,
        body: {
          success: false,
          code: 'SERVICE_UNAVAILABLE',
          message: "VTpass's plan list for mtn-data could not be read: HTTP 500",
          errors: ["VTpass's plan list for mtn-data could not be read: HTTP 500"],
        },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/data-plan-management?view=provider-codes');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Sync from provider' }, { timeout: 5000 }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Sync from VTpass' });
    expect(await within(dialog).findByText(/could not be read: HTTP 500/)).toBeInTheDocument();
  });
});
