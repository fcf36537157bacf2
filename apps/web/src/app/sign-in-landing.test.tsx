// Issue 16: a deep link opened signed out survives the sign-in steps (only a page of the user's
// own area), and the "Signed in" toast shows when the user reaches their area, not before a
// forced password change.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../test/factories';
import { renderApp } from '../../test/render-app';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const areaRoutes = [
  { path: '/api/v1/notifications/unread-count', body: ok({ count: 0 }) },
  { path: /^\/api\/v1\/me$/, body: ok(makeUser()) },
];

afterEach(() => {
  toast.remove();
  sessionStore.clear();
  // What a test left owed (a return path, a toast) must not reach the next one.
  window.sessionStorage.clear();
});

async function signIn(email = 'ada@acme.ng') {
  await userEvent.type(await screen.findByLabelText(/Email address/), email);
  await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse battery');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

const signedInToasts = () => screen.queryAllByText('Signed in');

describe('[DEEP-LINK] a guarded page opened signed out', () => {
  it('is where the user lands after sign-in and 2FA, with its query string', async () => {
    const pending = makeUser({ is2faAuthenticated: false });
    const stub = stubFetch([
      { method: 'POST', path: '/api/v1/login', body: ok({ user: pending, access_token: 't' }, 'Signed in') },
      {
        method: 'POST',
        path: '/api/v1/2fa',
        body: ok({ user: makeUser() }, 'Two-factor authentication complete'),
      },
      ...areaRoutes,
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/dashboard/wallet?tab=card');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa'));
    await userEvent.type(await screen.findByLabelText(/Email code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/wallet'));
    expect(router.state.location.search).toBe('?tab=card');
    // Used once: a later visit to / goes to the home.
    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('is not followed into another area: a corporate user asking an admin page lands on the client home', async () => {
    const user = makeUser({ area: 'CORPORATE' });
    vi.stubGlobal(
      'fetch',
      stubFetch([
        { method: 'POST', path: '/api/v1/login', body: ok({ user, access_token: 't' }, 'Signed in') },
        ...areaRoutes,
      ]).fn,
    );
    const { router } = renderApp('/admin-dashboard/accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The router moves before the area renders: the test ends once the area greeted the user.
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
  });
});

describe('[LOGIN] the "Signed in" toast', () => {
  it('waits for the forced password change and 2FA, and shows in the area', async () => {
    const fresh = makeUser({ defaultPassword: true, is2faAuthenticated: false });
    vi.stubGlobal(
      'fetch',
      stubFetch([
        { method: 'POST', path: '/api/v1/login', body: ok({ user: fresh, access_token: 't' }, 'Signed in') },
        {
          method: 'POST',
          path: '/api/v1/change-password',
          body: ok({ user: { ...fresh, defaultPassword: false } }, 'Your password has been changed'),
        },
        {
          method: 'POST',
          path: '/api/v1/2fa',
          body: ok({ user: makeUser() }, 'Two-factor authentication complete'),
        },
        ...areaRoutes,
      ]).fn,
    );
    const { router } = renderApp('/');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/change-password'));
    await userEvent.type(await screen.findByLabelText(/Current password/), 'Temp-Password-001');
    await userEvent.type(screen.getByLabelText(/^New password/), 'my-own-long-passphrase');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'my-own-long-passphrase');
    expect(signedInToasts()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa'));
    expect(await screen.findByText('Your password has been changed')).toBeInTheDocument();
    expect(signedInToasts()).toHaveLength(0);
    await userEvent.type(await screen.findByLabelText(/Email code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify and continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(signedInToasts()).toHaveLength(1);
    // One toast on arrival: the last step's own message gives way to "Signed in".
    expect(screen.queryByText('Two-factor authentication complete')).not.toBeInTheDocument();
  });

  it('is not carried over by a sign-out at a pending step', async () => {
    const pending = makeUser({ is2faAuthenticated: false });
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/login',
          body: ok({ user: pending, access_token: 't' }, 'Signed in'),
        },
      ]).fn,
    );
    const { router } = renderApp('/');
    await signIn();
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa'));
    expect(window.sessionStorage.getItem('vendport.signedInToast')).toBe('Signed in');
    vi.stubGlobal('location', { ...window.location, replace: vi.fn(), reload: vi.fn(), assign: vi.fn() });
    const { signOutAndReload } = await import('@/lib/session');
    signOutAndReload();
    expect(window.sessionStorage.getItem('vendport.signedInToast')).toBeNull();
    expect(signedInToasts()).toHaveLength(0);
  });
});
