import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, pageOf, stubFetch } from '../../../../test/factories';
import { renderApp } from '../../../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const ROLE_ID = '11111111-1111-4111-8111-111111111111';
const OWNER_ROLE = '22222222-2222-4222-8222-222222222222';
const MEMBER_ID = '33333333-3333-4333-8333-333333333333';

const member = {
  id: MEMBER_ID,
  first_name: 'Bisi',
  last_name: 'Adeyemi',
  email: 'bisi@acme.ng',
  msisdn: null,
  status: 'ACTIVE',
  role: { id: ROLE_ID, name: 'Finance' },
  defaultPassword: true,
  twoFactorMethod: 'TOTP',
  lastLoginAt: null,
  createdAt: '2026-11-25T09:00:00.000Z',
};
const roles = [
  {
    id: OWNER_ROLE,
    name: 'Owner',
    description: '',
    permissions: ['team.manage'],
    isSystem: true,
    usersCount: 1,
    createdAt: '2026-11-01T09:00:00.000Z',
  },
  {
    id: ROLE_ID,
    name: 'Finance',
    description: 'Funds the wallet',
    permissions: ['wallet.read', 'wallet.fund'],
    isSystem: false,
    usersCount: 1,
    createdAt: '2026-11-20T09:00:00.000Z',
  },
];
const catalogue = [
  { name: 'wallet.read', description: 'View the wallet balance and funding history' },
  { name: 'wallet.fund', description: 'Fund the wallet' },
  { name: 'vend', description: 'Buy airtime and data' },
];

function stubs(extra: Parameters<typeof stubFetch>[0] = []) {
  return stubFetch([
    { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
    { path: '/api/v1/me', body: ok(sessionStore.getSnapshot()?.user) },
    { path: /^\/api\/v1\/admins\/list/, body: pageOf([member]) },
    { path: '/api/v1/roles', body: ok(roles) },
    { path: `/api/v1/roles/${ROLE_ID}`, body: ok(roles[1]) },
    { path: '/api/v1/permissions', body: ok(catalogue) },
    ...extra,
  ]);
}

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  vi.unstubAllGlobals();
});

describe('team screens', () => {
  it('[TEAM] a reader sees the team and roles but no action to change them', async () => {
    sessionStore.login(makeUser({ permissions: ['team.read'] }), 'tok', false);
    vi.stubGlobal('fetch', stubs().fn);
    renderApp('/dashboard/admin-management');
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(await within(table).findByText('bisi@acme.ng')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Deactivate' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    const rolesTable = await screen.findByRole('table', { name: 'Roles' });
    expect(within(rolesTable).getByText('Finance')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create role' })).not.toBeInTheDocument();
    expect(within(rolesTable).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  }, 20_000);

  it('[TEAM] deactivating a member asks for the password and sends it', async () => {
    sessionStore.login(makeUser({ permissions: ['team.read', 'team.manage'] }), 'tok', false);
    const stub = stubs([
      {
        method: 'PUT',
        path: `/api/v1/admins/deactivate/${MEMBER_ID}`,
        body: ok({ ...member, status: 'INACTIVE' }, 'User deactivated'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/admin-management');
    const table = await screen.findByRole('table', { name: 'Team members' });
    await userEvent.click(await within(table).findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    const submit = within(dialog).getByRole('button', { name: 'Deactivate' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'My-Own-Password-1');
    await userEvent.click(submit);
    expect(await screen.findByText('User deactivated')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({ password: 'My-Own-Password-1' });
  }, 20_000);

  it('[TEAM] a member’s name opens their detail (GET admins/{id}); Reset two-factor sign-in asks for the password', async () => {
    sessionStore.login(makeUser({ permissions: ['team.read', 'team.manage'] }), 'tok', false);
    let reset = false;
    const stub = stubs([
      {
        path: `/api/v1/admins/${MEMBER_ID}`,
        body: () => ok({ ...member, twoFactorMethod: reset ? 'EMAIL' : 'TOTP' }),
      },
      {
        method: 'PUT',
        path: `/api/v1/admins/reset-2fa/${MEMBER_ID}`,
        body: () => {
          reset = true;
          return ok(
            { ...member, twoFactorMethod: 'EMAIL' },
            'Two-factor authentication reset. The user signs in with emailed codes until they enrol again.',
          );
        },
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard/admin-management');
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(
      await within(table).findByRole('button', { name: 'Reset two-factor sign-in of Bisi Adeyemi' }),
    ).toBeInTheDocument();
    await userEvent.click(await within(table).findByRole('link', { name: 'Bisi Adeyemi' }));
    expect(await screen.findByRole('heading', { name: 'View User', level: 1 })).toBeInTheDocument();
    const details = within(await screen.findByTestId('member-details'));
    const value = (label: string) => details.getByText(label).nextElementSibling?.textContent;
    expect(value('Email Address')).toBe('bisi@acme.ng');
    expect(value('Role')).toBe('Finance');
    expect(value('Two-factor sign-in')).toBe('Authenticator app');
    expect(stub.calls.some((c) => c.method === 'GET' && c.url.endsWith(`/api/v1/admins/${MEMBER_ID}`))).toBe(
      true,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reset two-factor sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset two-factor sign-in' });
    const submit = within(dialog).getByRole('button', { name: 'Reset two-factor' });
    expect(submit).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'My-Own-Password-1');
    await userEvent.click(submit);
    expect(
      await screen.findByText(
        'Two-factor authentication reset. The user signs in with emailed codes until they enrol again.',
      ),
    ).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({ password: 'My-Own-Password-1' });
    expect(await details.findByText('Codes sent by email')).toBeInTheDocument();
  }, 20_000);

  it('[TEAM] a reader opens a member’s detail without any action; one’s own detail points to the profile', async () => {
    sessionStore.login(makeUser({ permissions: ['team.read'] }), 'tok', false);
    vi.stubGlobal('fetch', stubs([{ path: `/api/v1/admins/${MEMBER_ID}`, body: ok(member) }]).fn);
    renderApp(`/dashboard/admin-management/view-member/${MEMBER_ID}`);
    expect(await screen.findByTestId('member-details')).toBeInTheDocument();
    expect(screen.queryByTestId('member-actions')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset two-factor sign-in' })).not.toBeInTheDocument();
  });

  it('[ROLES] edit-role shows the catalogue by domain with a select-all per group and saves the ticks', async () => {
    sessionStore.login(makeUser({ permissions: ['team.read', 'team.manage'] }), 'tok', false);
    const stub = stubs([{ method: 'PUT', path: '/api/v1/roles/update', body: ok(roles[1], 'Role updated') }]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp(`/dashboard/admin-management/edit-role/${ROLE_ID}`);
    const all = await screen.findByRole('checkbox', { name: 'Select all Wallet and funding permissions' });
    expect(all).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Buy airtime and data/ })).not.toBeChecked();
    await userEvent.click(all);
    expect(screen.getByRole('checkbox', { name: /^Fund the wallet/ })).not.toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: /^View the wallet balance/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Role updated')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'PUT')?.body).toEqual({
      id: ROLE_ID,
      name: 'Finance',
      description: 'Funds the wallet',
      permissions: ['wallet.read'],
    });
  }, 20_000);

  it('[ROLES] deleting a held role shows the server’s refusal', async () => {
    sessionStore.login(makeUser({ permissions: ['team.read', 'team.manage'] }), 'tok', false);
    vi.stubGlobal(
      'fetch',
      stubs([
        {
          method: 'DELETE',
          path: `/api/v1/roles/${ROLE_ID}`,
          status: 409,
          body: {
            success: false,
            message: 'This role is assigned to team members; reassign them first',
            errors: ['This role is assigned to team members; reassign them first'],
            code: 'CONFLICT',
          },
        },
      ]).fn,
    );
    renderApp(`/dashboard/admin-management/view-role/${ROLE_ID}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete role' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete role' });
    expect(within(dialog).getByText('1 person holds this role.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/Password/), 'My-Own-Password-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete role' }));
    expect(
      await screen.findByText('This role is assigned to team members; reassign them first'),
    ).toBeInTheDocument();
  }, 20_000);
});
