import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeService } from '../../../../test/catalogue-factories';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const asAdmin = (permissions: string[]) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);

const mtn = makeService({ id: 'svc-mtn' });
const glo = makeService({
  id: 'svc-glo',
  network: 'GLO',
  service: 'DATA',
  platform: 'VTU',
  fallbackPlatforms: [],
  commissionBps: 250,
  maxAmountKobo: 10_000_000,
  status: 'INACTIVE',
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('services screen', () => {
  it('[SERVICES] lists each service with its rate in percent, bounds in naira and status', async () => {
    asAdmin(['services.read']);
    vi.stubGlobal('fetch', stubFetch([...layout(), { path: '/api/v1/services', body: ok([mtn, glo]) }]).fn);
    renderApp('/admin-dashboard/services');
    const table = await screen.findByRole('table', { name: 'Services' }, { timeout: 5000 });
    const row = (await within(table).findByText('Glo')).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'Glo',
      'Data',
      'VTU linesNo fallback',
      '2.50%',
      '₦50.00',
      '₦100,000.00',
      'Inactive',
    ]);
    expect(within(table).getByText('Falls back to VTU lines')).toBeInTheDocument();
    // Read-only: no actions.
    expect(screen.queryByRole('button', { name: 'Add service' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Disable|Enable) / })).not.toBeInTheDocument();
  });

  it('[SERVICES] filters go to the URL and the API', async () => {
    asAdmin(['services.read']);
    const stub = stubFetch([...layout(), { path: /^\/api\/v1\/services/, body: ok([mtn]) }]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/admin-dashboard/services');
    await screen.findByText('MTN');
    await userEvent.selectOptions(screen.getByLabelText('Network'), 'GLO');
    await waitFor(() => expect(router.state.location.search).toBe('?network=GLO'));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.url.endsWith('/api/v1/services?network=GLO'))).toBe(true),
    );
  });

  it('[SERVICES] disabling asks for confirmation first; Cancel sends nothing, Disable sends {id, status}', async () => {
    asAdmin(['services.read', 'services.manage']);
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/services', body: ok([mtn, glo]) },
      {
        method: 'PUT',
        path: '/api/v1/services/status',
        body: ok({ ...mtn, status: 'INACTIVE' }, 'Service disabled'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/services');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Disable MTN Airtime via Aggregator API' }),
    );
    let dialog = await screen.findByRole('dialog', { name: 'Disable service' });
    expect(dialog).toHaveTextContent('MTN Airtime via Aggregator API stops taking vends.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const puts = () => stub.calls.filter((c) => c.method === 'PUT');
    expect(puts()).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Disable MTN Airtime via Aggregator API' }));
    dialog = await screen.findByRole('dialog', { name: 'Disable service' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Service disabled')).toBeInTheDocument();
    expect(puts()).toHaveLength(1);
    expect(puts()[0]!.body).toEqual({ id: 'svc-mtn', status: 'INACTIVE' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('[SERVICES] enabling an inactive service is confirmed the same way', async () => {
    asAdmin(['services.read', 'services.manage']);
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/services', body: ok([glo]) },
      {
        method: 'PUT',
        path: '/api/v1/services/status',
        body: ok({ ...glo, status: 'ACTIVE' }, 'Service enabled'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/services');
    await userEvent.click(await screen.findByRole('button', { name: 'Enable Glo Data via VTU lines' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable service' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enable' }));
    expect(await screen.findByText('Service enabled')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')!.body).toEqual({ id: 'svc-glo', status: 'ACTIVE' });
  });

  it('[SERVICES] an empty catalogue says so', async () => {
    asAdmin(['services.read', 'services.manage']);
    vi.stubGlobal('fetch', stubFetch([...layout(), { path: '/api/v1/services', body: ok([]) }]).fn);
    renderApp('/admin-dashboard/services');
    expect(await screen.findByText('No services yet.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add service' })).toBeInTheDocument();
  });
});
