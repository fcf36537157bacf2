import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MONEY_WORDS } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeCommissions, makeService } from '../../../../test/catalogue-factories';
import { makeCorporateClient, makeUser, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const client = makeCorporateClient();
const path = `/admin-dashboard/view-corporate-client/${client.id}`;
const layout = () => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
  { path: `/api/v1/corporate-clients/${client.id}`, body: ok(client) },
];
const asAdmin = (permissions: string[]) =>
  sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions }), 'tok', false);

const mtnAirtime = makeService({ id: 'svc-a', assigned: true });
const mtnData = makeService({ id: 'svc-b', service: 'DATA', assigned: false, commissionBps: 200 });
const gloVtu = makeService({
  id: 'svc-c',
  network: 'GLO',
  platform: 'VTU',
  assigned: false,
  status: 'INACTIVE',
});
const servicesRoute = {
  path: `/api/v1/services?corporateId=${client.id}`,
  body: ok([mtnAirtime, mtnData, gloVtu]),
};
const commissionRoute = (over: Parameters<typeof makeCommissions>[0] = {}) => ({
  path: `/api/v1/commissions?corporateId=${client.id}`,
  body: ok(
    makeCommissions({
      totals: {
        vends: 12,
        amountKobo: 6_000_000,
        commissionKobo: 180_000,
        upfrontKobo: 0,
        accruedKobo: 180_000,
        settledKobo: 30_000,
      },
      unsettledKobo: 150_000,
      commissionBalanceKobo: 150_300,
      pendingKobo: 300,
      upfrontCommission: false,
      ...over,
    }),
  ),
});

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

describe('view corporate client: services and commission', () => {
  it('[CLIENTS] shows the services assigned to the client, read-only without services.manage', async () => {
    asAdmin(['clients.read', 'services.read']);
    vi.stubGlobal('fetch', stubFetch([...layout(), servicesRoute]).fn);
    renderApp(path);
    const table = await screen.findByRole('table', { name: 'Client services' }, { timeout: 5000 });
    const airtime = (await within(table).findByText('MTN Airtime')).closest('tr')!;
    expect(within(airtime).getByText('Assigned')).toBeInTheDocument();
    expect(within(table).getByText('MTN Data').closest('tr')).toHaveTextContent(/No/);
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText(/1 of 3 assigned/)).toBeInTheDocument();
    // No commission card without commissions.read.
    expect(screen.queryByTestId('client-commission')).not.toBeInTheDocument();
  });

  it('[CLIENTS] assigning services: tick, confirm the changes, PUT services/assign with the whole list', async () => {
    asAdmin(['clients.read', 'services.read', 'services.manage']);
    const stub = stubFetch([
      ...layout(),
      servicesRoute,
      {
        method: 'PUT',
        path: '/api/v1/services/assign',
        body: ok({ corporateId: client.id, serviceIds: ['svc-b'] }, 'Services assigned'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(path);
    const assignData = await screen.findByRole('checkbox', { name: 'Assign MTN Data via Aggregator API' });
    expect(screen.getByRole('checkbox', { name: 'Assign MTN Airtime via Aggregator API' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Save assignments' })).not.toBeInTheDocument();
    await userEvent.click(assignData);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Assign MTN Airtime via Aggregator API' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save assignments' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign services' });
    expect(dialog).toHaveTextContent('Acme Telecoms Ltd getsMTN Data via Aggregator API');
    expect(dialog).toHaveTextContent('Acme Telecoms Ltd losesMTN Airtime via Aggregator API');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save assignments' }));
    expect(await screen.findByText('Services assigned')).toBeInTheDocument();
    const put = stub.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toEqual({ corporateId: client.id, serviceIds: ['svc-b'] });
  });

  it('[CLIENTS] commission: figures, and upfront commission switched with the password', async () => {
    asAdmin(['clients.read', 'commissions.read', 'commissions.manage']);
    const stub = stubFetch([
      ...layout(),
      commissionRoute(),
      {
        method: 'PATCH',
        path: '/api/v1/corporate-clients/upfront-commission',
        body: ok(
          { corporateId: client.id, name: client.name, upfrontCommission: true },
          'Upfront commission enabled',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(path);
    const figures = await screen.findByTestId('client-commission');
    expect(within(figures).getByText('₦1,800.00')).toBeInTheDocument();
    expect(within(figures).getByText('₦1,500.00')).toBeInTheDocument();
    // The same words as the client's own commission page; a pending purchase's ₦3 apart (issue 36 point 19).
    const awaiting = within(figures).getByTestId('client-commission-awaiting');
    expect(awaiting).toHaveTextContent(MONEY_WORDS.commissionUnsettled);
    expect(awaiting).toHaveTextContent(`${MONEY_WORDS.commissionPending}: ₦3.00, apart`);
    expect(screen.getByTestId('upfront-commission')).toHaveTextContent('Off');

    await userEvent.click(screen.getByRole('button', { name: 'Enable upfront commission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enable upfront commission' });
    const submit = within(dialog).getByRole('button', { name: 'Enable' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'secret');
    await userEvent.click(submit);
    // The message as a toast, then the success modal.
    expect(await screen.findByTestId('success-modal')).toHaveTextContent('Upfront commission enabled');
    expect(screen.getAllByText('Upfront commission enabled')).toHaveLength(2);
    expect(stub.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      corporateId: client.id,
      upfrontCommission: true,
      password: 'secret',
    });
  });

  it('[CLIENTS] settling accrued commission is password-confirmed; a wrong password is toasted', async () => {
    asAdmin(['clients.read', 'commissions.read', 'commissions.manage']);
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layout(),
        commissionRoute(),
        {
          method: 'POST',
          path: '/api/v1/commissions/settle',
          status: 400,
          body: {
            success: false,
            message: 'Invalid input',
            errors: ['The password you entered is incorrect'],
            code: 'INVALID_PASSWORD',
          },
        },
      ]).fn,
    );
    renderApp(path);
    await userEvent.click(await screen.findByRole('button', { name: 'Settle accrued commission' }));
    const dialog = await screen.findByRole('dialog', { name: 'Settle accrued commission' });
    expect(dialog).toHaveTextContent('Credit ₦1,500.00 of accrued commission');
    await userEvent.type(within(dialog).getByLabelText(/Password/, { selector: 'input' }), 'wrong');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Settle commission' }));
    expect(await screen.findByText('The password you entered is incorrect')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Settle accrued commission' })).toBeInTheDocument();
  });

  it('[CLIENTS] nothing accrued: Settle is disabled', async () => {
    asAdmin(['clients.read', 'commissions.read', 'commissions.manage']);
    vi.stubGlobal('fetch', stubFetch([...layout(), commissionRoute({ unsettledKobo: 0 })]).fn);
    renderApp(path);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Settle accrued commission' })).toBeDisabled(),
    );
  });
});
