import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

/** The onboarding form's calls: two MTN airtime services (the aggregator's the default). */
function onboardingStub(email: string) {
  return stubFetch([
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: /^\/api\/v1\/corporate-clients\?/, body: pageOf([]) },
    {
      path: '/api/v1/onboarding-data',
      body: ok({
        clientTypes: [
          { value: 'PREPAID', label: 'Prepaid', credit: false },
          { value: 'POSTPAID', label: 'Postpaid', credit: true },
        ],
        services: [
          {
            id: '11111111-1111-4111-8111-111111111111',
            network: 'MTN',
            service: 'AIRTIME',
            platform: 'AGGREGATOR',
            isDefault: true,
          },
          {
            id: '22222222-2222-4222-8222-222222222222',
            network: 'MTN',
            service: 'AIRTIME',
            platform: 'VTU',
            isDefault: false,
          },
        ],
      }),
    },
    {
      method: 'POST',
      path: '/api/v1/onboard',
      status: 201,
      body: ok({ corporateId: 'c1', userId: 'u1', email }, 'Client onboarded.'),
    },
  ]);
}

describe('onboarding a client (admin)', () => {
  it('[CLIENTS] a prepaid client (the default type) is onboarded: the hidden credit limit is not checked or sent', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['clients.read', 'clients.manage'] }),
      'tok',
      false,
    );
    const stub = onboardingStub('ada@lagos.ng');
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Onboard client' }));
    const form = await screen.findByRole('form', { name: 'Onboard client' });
    await userEvent.type(within(form).getByLabelText(/Company name/), 'Lagos Airtime Ltd');
    await userEvent.type(within(form).getByLabelText(/Owner first name/), 'Ada');
    await userEvent.type(within(form).getByLabelText(/Owner last name/), 'Obi');
    await userEvent.type(within(form).getByLabelText(/Owner email/), 'ada@lagos.ng');
    await userEvent.type(within(form).getByLabelText(/Phone number/), '803 555 1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Onboard client' }));
    expect(await screen.findByRole('dialog', { name: 'Client onboarded' })).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      company_name: 'Lagos Airtime Ltd',
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'ada@lagos.ng',
      msisdn: '803 555 1234',
      clientType: 'PREPAID',
      serviceIds: ['11111111-1111-4111-8111-111111111111'],
    });
  }, 20_000);

  it('[CLIENTS] the form checks its fields, preselects default services and posts the typed values', async () => {
    sessionStore.login(
      makeUser({ area: 'ADMIN', roles: ['ADMIN'], permissions: ['clients.read', 'clients.manage'] }),
      'tok',
      false,
    );
    const stub = onboardingStub('musa@kano.ng');
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/admin-dashboard/accounts');
    await userEvent.click(await screen.findByRole('button', { name: 'Onboard client' }));
    const form = await screen.findByRole('form', { name: 'Onboard client' });
    await userEvent.click(within(form).getByRole('button', { name: 'Onboard client' }));
    expect(await within(form).findByText('Company name is required')).toBeInTheDocument();
    expect(within(form).getByText('Email is required')).toBeInTheDocument();
    expect(within(form).getByRole('checkbox', { name: 'MTN Airtime via Aggregator API' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: /^MTN Airtime via VTU/ })).not.toBeChecked();
    await userEvent.type(within(form).getByLabelText(/Company name/), 'Kano Traders Ltd');
    await userEvent.type(within(form).getByLabelText(/Owner first name/), 'Musa');
    await userEvent.type(within(form).getByLabelText(/Owner last name/), 'Bello');
    await userEvent.type(within(form).getByLabelText(/Owner email/), 'musa@kano.ng');
    await userEvent.type(within(form).getByLabelText(/Phone number/), '803 555 1234');
    await userEvent.selectOptions(within(form).getByLabelText(/Client type/), 'POSTPAID');
    await userEvent.type(within(form).getByLabelText(/Credit limit/), '50,000');
    await userEvent.click(within(form).getByRole('button', { name: 'Onboard client' }));
    expect(await screen.findByRole('dialog', { name: 'Client onboarded' })).toHaveTextContent(
      'A temporary password has been emailed to musa@kano.ng',
    );
    expect(stub.calls.find((c) => c.method === 'POST')?.body).toEqual({
      company_name: 'Kano Traders Ltd',
      first_name: 'Musa',
      last_name: 'Bello',
      email: 'musa@kano.ng',
      msisdn: '803 555 1234',
      clientType: 'POSTPAID',
      creditLimit: '50,000',
      serviceIds: ['11111111-1111-4111-8111-111111111111'],
    });
  }, 20_000);
});
