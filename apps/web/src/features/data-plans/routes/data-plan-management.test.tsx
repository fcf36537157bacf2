import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeDataPlan } from '../../../../test/catalogue-factories';
import { makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
];
const asAdmin = (permissions = ['services.read', 'services.manage']) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);
const plan = makeDataPlan();

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('data plan management', () => {
  it('[PLANS] the network tab is kept in the URL and asked of the API', async () => {
    asAdmin(['services.read']);
    const stub = stubFetch([...layout(), { path: /^\/api\/v1\/data-plans/, body: ok([plan]) }]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/admin-dashboard/data-plan-management');
    const row = (await screen.findByText('MTN-1.5GB-30D', {}, { timeout: 5000 })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['MTN-1.5GB-30D', 'MTN 1.5GB monthlyMTN', '1.5GB', '30 days', '₦1,500.00', 'Active']);
    await userEvent.click(screen.getByRole('tab', { name: 'Glo' }));
    await waitFor(() => expect(router.state.location.search).toBe('?network=GLO'));
    await waitFor(() =>
      expect(stub.calls.some((c) => c.url === '/api/v1/data-plans?network=GLO')).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Add data plan' })).not.toBeInTheDocument();
  });

  it('[PLANS] adding a plan sends the price in naira; editing sends name, size, validity and price', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      { path: /^\/api\/v1\/data-plans\?network=AIRTEL/, body: ok([]) },
      { path: '/api/v1/data-plans', body: ok([plan]) },
      { method: 'POST', path: '/api/v1/data-plans/add', body: ok(plan, 'Data plan added') },
      { method: 'PUT', path: `/api/v1/data-plans/update/${plan.id}`, body: ok(plan, 'Data plan updated') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/data-plan-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Add data plan' }));
    let dialog = await screen.findByRole('dialog', { name: 'Add data plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await within(dialog).findByText('Plan code is required')).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByLabelText(/Network/), 'AIRTEL');
    await userEvent.type(within(dialog).getByLabelText(/Plan code/), 'AIRTEL-2GB-30D');
    await userEvent.type(within(dialog).getByLabelText(/Plan name/), 'Airtel 2GB monthly');
    await userEvent.type(within(dialog).getByLabelText(/Data size/), '2GB');
    await userEvent.type(within(dialog).getByLabelText(/Validity/), '30 days');
    await userEvent.type(within(dialog).getByLabelText(/Price/), '1,200');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add plan' }));
    expect(await screen.findByText('Data plan added')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')!.body).toEqual({
      network: 'AIRTEL',
      code: 'AIRTEL-2GB-30D',
      name: 'Airtel 2GB monthly',
      size: '2GB',
      validity: '30 days',
      price: '1200.00',
    });

    await userEvent.click(await screen.findByRole('button', { name: 'Edit MTN-1.5GB-30D' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit data plan' });
    expect(within(dialog).queryByLabelText(/Plan code/)).not.toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/Price/));
    await userEvent.type(within(dialog).getByLabelText(/Price/), '1600');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Data plan updated')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      name: 'MTN 1.5GB monthly',
      size: '1.5GB',
      validity: '30 days',
      price: '1600.00',
    });
  });

  it('[PLANS] disabling a plan is confirmed first', async () => {
    asAdmin();
    const stub = stubFetch([
      ...layout(),
      { path: '/api/v1/data-plans', body: ok([plan]) },
      {
        method: 'PUT',
        path: '/api/v1/data-plans/status',
        body: ok({ ...plan, status: 'INACTIVE' }, 'Data plan disabled'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/data-plan-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Disable MTN-1.5GB-30D' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable data plan' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Data plan disabled')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')!.body).toEqual({ id: plan.id, status: 'INACTIVE' });
  });
});
