// A client's billers on its detail page (issue 51): read-only without services.manage; with it,
// ticked (one by one or all at once) and saved after a confirmation naming what the client gets.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { ELECTRICITY } from '../../../../test/bill-factories';
import { makeCorporateClient, makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const client = makeCorporateClient();

function render(permissions: string[]) {
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);
  const stub = stubFetch([
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: `/api/v1/corporate-clients/${client.id}`, body: ok(client) },
    { path: `/api/v1/services?corporateId=${client.id}`, body: ok([]) },
    { path: `/api/v1/admin/billers?corporateId=${client.id}`, body: ok(ELECTRICITY) },
    {
      method: 'POST',
      path: '/api/v1/admin/billers/assign',
      body: ok(
        ELECTRICITY.map((b) => ({ ...b, assigned: true })),
        'Billers assigned',
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

describe('client billers card', () => {
  it('[CLIENTS] shows the billers assigned to the client, read-only without services.manage', async () => {
    render(['clients.read', 'services.read']);
    const table = await screen.findByRole('table', { name: 'Client billers' }, { timeout: 5000 });
    const ikeja = (await within(table).findByText('Ikeja Electric')).closest('tr')!;
    expect(within(ikeja).getByText('Assigned')).toBeInTheDocument();
    expect(within(table).getByText('Eko Electric').closest('tr')).toHaveTextContent(/No/);
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Tick all' })).not.toBeInTheDocument();
    expect(screen.getByText(/1 of 2 assigned\. The client pays electricity/)).toBeInTheDocument();
  });

  it('[CLIENTS] assigning billers: tick all, confirm what the client gets, POST admin/billers/assign', async () => {
    const stub = render(['clients.read', 'services.read', 'services.manage']);
    const eko = await screen.findByRole('checkbox', { name: 'Assign Eko Electric' }, { timeout: 5000 });
    expect(eko).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Assign Ikeja Electric' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save billers' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Tick all' }));
    expect(eko).toBeChecked();
    expect(screen.getByRole('button', { name: 'Untick all' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save billers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign billers' });
    expect(dialog).toHaveTextContent(`${client.name} getsEko Electric`);
    expect(dialog).not.toHaveTextContent('loses');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save billers' }));
    expect(await screen.findByText('Billers assigned')).toBeInTheDocument();
    const post = stub.calls.find((c) => c.method === 'POST' && c.url.includes('billers/assign'))!;
    expect(post.body).toEqual({ corporateId: client.id, billerIds: ELECTRICITY.map((b) => b.id) });
  });
});
