import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ALL_ADMIN_PERMISSIONS, ALL_CORPORATE_PERMISSIONS } from '@vendport/shared';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_TIMEOUT_STORAGE_KEY } from '@/lib/idle';
import { PROFILE_STORAGE_KEY, sessionStore } from '@/lib/session';
import { makeUser, stubFetch } from '../../test/factories';
import { renderApp } from '../../test/render-app';
import { navFor } from './layouts/nav';
import { adminRoutes, clientRoutes } from './routes';

const ok = (data: unknown, message = 'ok') => ({ success: true, message, data });
const layoutRoutes = (count = 3) => [
  { path: '/api/v1/notifications/unread-count', body: ok({ count }) },
  { path: /^\/api\/v1\/me$/, body: ok(sessionStore.getSnapshot()?.user) },
  {
    path: /^\/api\/v1\/notifications\?page=\d+$/,
    body: { ...ok([]), currentPage: 1, lastPage: 1, hasMorePages: false, total: 0, limit: 40 },
  },
];

function stubLocation() {
  const replace = vi.fn();
  vi.stubGlobal('location', { ...window.location, replace, reload: vi.fn(), assign: vi.fn() });
  return replace;
}

afterEach(() => {
  toast.remove();
  sessionStore.clear();
});

const concrete = (path: string | undefined) => (path ?? '').replace(/:[A-Za-z]+/g, 'X-1');

describe('routes and layout', () => {
  it.each([...clientRoutes.map((r) => `/dashboard${r.index ? '' : `/${concrete(r.path)}`}`)])(
    '[ROUTES] client route %s renders inside the layout with a title',
    async (path) => {
      sessionStore.login(makeUser({ permissions: [] }), 'tok', false);
      vi.stubGlobal('fetch', stubFetch(layoutRoutes()).fn);
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it.each([...adminRoutes.map((r) => `/admin-dashboard${r.index ? '' : `/${concrete(r.path)}`}`)])(
    '[ROUTES] admin route %s renders inside the layout with a title',
    async (path) => {
      sessionStore.login(makeUser({ area: 'ADMIN', roles: ['ADMIN'] }), 'tok', false);
      vi.stubGlobal('fetch', stubFetch(layoutRoutes()).fn);
      const { router } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
      expect(screen.getByRole('complementary', { name: 'Sidebar' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it.each(['/dashboard', '/dashboard/profile'])(
    '[LAYOUT] %s names the client type and verification in words, not raw values',
    async (path) => {
      sessionStore.login(makeUser(), 'tok', false);
      vi.stubGlobal('fetch', stubFetch(layoutRoutes()).fn);
      renderApp(path);
      await screen.findByRole('heading', { level: 1 });
      const main = screen.getByRole('main');
      expect(within(main).getByText('Prepaid')).toBeInTheDocument();
      // A client that has submitted nothing: "Not submitted", not "Pending" (issue 36).
      expect(within(main).getByText('Not submitted')).toBeInTheDocument();
      expect(within(main).queryByText(/^(PREPAID|PENDING)$/)).not.toBeInTheDocument();
    },
  );

  it.each([
    ['CORPORATE', ALL_CORPORATE_PERMISSIONS],
    ['ADMIN', ALL_ADMIN_PERMISSIONS],
  ] as const)(
    '[LAYOUT] %s sidebar: every entry opens a built screen (no placeholder, no Soon badge)',
    async (area, permissions) => {
      for (const item of navFor(area, permissions).flatMap((s) => s.items)) {
        const user = makeUser({ area, roles: [area], permissions: [...permissions] });
        // With auto top-up enabled, its screens show their own content.
        if (user.corporate) user.corporate.autoTopUpEnabled = true;
        sessionStore.login(user, 'tok', false);
        vi.stubGlobal('fetch', stubFetch(layoutRoutes()).fn);
        const { unmount } = renderApp(item.to);
        await screen.findByRole('heading', { level: 1 });
        const sidebar = screen.getByRole('complementary', { name: 'Sidebar' });
        const link = within(sidebar).getByRole('link', { name: new RegExp(`^${item.label}`) });
        expect(link).toHaveAccessibleName(item.label);
        expect(within(link).queryByText('Soon')).not.toBeInTheDocument();
        expect(screen.queryByText(/arrives with a later release|Not available yet/)).not.toBeInTheDocument();
        unmount();
        sessionStore.clear();
      }
    },
  );

  it.each([
    ['/401', 'Unauthorized'],
    ['/403', 'Access denied'],
    ['/500', 'Something went wrong'],
    ['/503', 'Service unavailable'],
    ['/somewhere/else', 'Page not found'],
  ])('[ROUTES] %s shows its error page', async (path, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('[ROUTES] /server-error shows plain error text', async () => {
    renderApp('/server-error');
    expect(await screen.findByText(/Server error\./)).toBeInTheDocument();
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
  });

  it('[GUARD] a signed-out visit to a dashboard path lands on the login screen', async () => {
    const { router } = renderApp('/dashboard/wallet');
    expect(await screen.findByRole('heading', { name: 'Sign in to VendPort' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('[GUARD] a corporate user never sees the admin area', async () => {
    sessionStore.login(makeUser(), 'tok', false);
    vi.stubGlobal('fetch', stubFetch(layoutRoutes()).fn);
    const { router } = renderApp('/admin-dashboard/accounts');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('[GUARD] a user with 2FA pending lands on /2fa, with a resend link for emailed codes', async () => {
    sessionStore.login(makeUser({ is2faAuthenticated: false, twoFactorMethod: 'EMAIL' }), 'tok', false);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/2fa');
    expect(screen.getByLabelText(/Email code/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeInTheDocument();
  });

  it('[GUARD] an authenticator user on /2fa is asked for the app code, without a resend link', async () => {
    sessionStore.login(makeUser({ is2faAuthenticated: false, twoFactorMethod: 'TOTP' }), 'tok', false);
    renderApp('/2fa');
    expect(await screen.findByLabelText(/Authenticator code/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend code' })).not.toBeInTheDocument();
  });

  it('[LAYOUT] the top bar shows the full name and the unread notification count', async () => {
    sessionStore.login(makeUser({ first_name: 'Adaeze', last_name: 'Okafor' }), 'tok', false);
    vi.stubGlobal('fetch', stubFetch(layoutRoutes(7)).fn);
    renderApp('/dashboard');
    expect(await screen.findByTestId('user-full-name')).toHaveTextContent('Adaeze Okafor');
    expect(await screen.findByTestId('unread-count')).toHaveTextContent('7');
    expect(screen.getByRole('link', { name: 'Notifications, 7 unread' })).toHaveAttribute(
      'href',
      '/dashboard/notification',
    );
  });

  it('[LAYOUT] the sidebar minimizes and hides links the user may not use', async () => {
    sessionStore.login(makeUser({ permissions: ['wallet.read'] }), 'tok', false);
    vi.stubGlobal('fetch', stubFetch(layoutRoutes()).fn);
    renderApp('/dashboard');
    const sidebar = await screen.findByRole('complementary', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Wallet' })).toBeInTheDocument();
    expect(within(sidebar).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(sidebar).getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(sidebar).toHaveAttribute('data-minimized', 'false');
    await userEvent.click(within(sidebar).getByRole('button', { name: 'Minimize sidebar' }));
    expect(sidebar).toHaveAttribute('data-minimized', 'true');
  });

  it('[LOGOUT] the confirm modal asks the question; Stay active keeps the session', async () => {
    sessionStore.login(makeUser(), 'tok', false);
    vi.stubGlobal('fetch', stubFetch(layoutRoutes()).fn);
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to logout ?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay active' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(sessionStore.getSnapshot()).not.toBeNull();
  });

  it('[LOGOUT] Logout calls the API, shows its message and resets the session', async () => {
    const replace = stubLocation();
    sessionStore.login(makeUser(), 'tok', true);
    const stub = stubFetch([
      ...layoutRoutes(),
      { method: 'POST', path: '/api/v1/logout', body: ok(null, 'Logged out successfully') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(stub.calls.find((c) => c.method === 'POST')?.headers.Authorization).toBe('Bearer tok');
    expect(sessionStore.getSnapshot()).toBeNull();
    expect(window.localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    expect(replace).toHaveBeenCalledWith('/');
  });

  it('[LOGOUT] a failed logout shows the message and keeps the session', async () => {
    const replace = stubLocation();
    sessionStore.login(makeUser(), 'tok', true);
    vi.stubGlobal(
      'fetch',
      stubFetch([
        ...layoutRoutes(),
        {
          method: 'POST',
          path: '/api/v1/logout',
          status: 429,
          body: { success: false, message: 'Too many requests', errors: [], code: 'TOO_MANY_REQUESTS' },
        },
      ]).fn,
    );
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    expect(sessionStore.getSnapshot()).not.toBeNull();
    expect(replace).not.toHaveBeenCalled();
  });

  it('[IDLE] no activity for the configured timeout signs the user out', async () => {
    const replace = stubLocation();
    window.localStorage.setItem(IDLE_TIMEOUT_STORAGE_KEY, '300');
    sessionStore.login(makeUser(), 'tok', false);
    const stub = stubFetch([
      ...layoutRoutes(),
      { method: 'POST', path: '/api/v1/logout', body: ok(null, 'Logged out') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    renderApp('/dashboard');
    await screen.findByTestId('user-full-name');
    await waitFor(() => expect(replace).toHaveBeenCalledWith('/'), { timeout: 3000 });
    expect(stub.calls.some((c) => c.method === 'POST' && c.url === '/api/v1/logout')).toBe(true);
    expect(sessionStore.getSnapshot()).toBeNull();
  });
});

describe('profile menu', () => {
  it.each([
    ['CORPORATE', '/dashboard', '/dashboard/notification-settings', ['dashboard.view']],
    ['ADMIN', '/admin-dashboard', '/admin-dashboard/notification-settings', ['clients.read']],
  ] as const)(
    '[LAYOUT] %s: a user whose role cannot see Settings sets up their notifications from the profile menu',
    async (area, home, target, permissions) => {
      const user = makeUser({ area, roles: [area], permissions: [...permissions] });
      sessionStore.login(user, 'tok', false);
      const stub = stubFetch([
        ...layoutRoutes(0),
        {
          path: `/api/v1/notification-setup/${user.id}`,
          body: ok({
            userId: user.id,
            area,
            events: [
              {
                key: 'password.changed',
                label: 'Password changed',
                description: 'Your password was changed',
                inApp: true,
                email: true,
              },
            ],
            updatedAt: null,
          }),
        },
      ]);
      vi.stubGlobal('fetch', stub.fn);
      const { router } = renderApp(home);
      await screen.findByRole('heading', { level: 1 });
      const nav = screen.getByRole('complementary', { name: 'Sidebar' });
      expect(within(nav).queryByRole('link', { name: 'Settings' })).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Profile menu' }));
      const menu = screen.getByRole('menu', { name: 'Profile menu' });
      expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toBeInTheDocument();
      await userEvent.click(within(menu).getByRole('menuitem', { name: 'Notification settings' }));
      await waitFor(() => expect(router.state.location.pathname).toBe(target));
      expect(
        await screen.findByRole('heading', { name: 'Notification settings', level: 1 }),
      ).toBeInTheDocument();
      expect(await screen.findByRole('checkbox', { name: 'Password changed by email' })).toBeChecked();
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    },
  );
});

describe('sign-in screens', () => {
  it('[LOGIN] a wrong password shows the server message on the form and stays on /', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/login',
          status: 401,
          body: {
            success: false,
            message: 'Invalid email or password',
            errors: [],
            code: 'INVALID_CREDENTIALS',
          },
        },
      ]).fn,
    );
    const { router } = renderApp('/');
    await userEvent.type(await screen.findByLabelText(/Email address/), 'ada@acme.ng');
    await userEvent.type(screen.getByLabelText(/^Password/), 'wrong-password-123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(router.state.location.pathname).toBe('/');
  });

  it('[LOGIN] shared schema messages show under the fields', async () => {
    renderApp('/');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('[LOGIN] success stores the session and the guard moves on to the pending step', async () => {
    const user = makeUser({ is2faAuthenticated: false });
    const stub = stubFetch([
      {
        method: 'POST',
        path: '/api/v1/login',
        body: ok({ user, access_token: 'tok_new' }, 'Login successful'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/');
    await userEvent.type(await screen.findByLabelText(/Email address/), 'ADA@acme.ng');
    await userEvent.type(screen.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa'));
    expect(stub.calls[0]?.body).toEqual({
      email: 'ada@acme.ng',
      password: 'correct horse battery',
      rememberMe: true,
    });
    expect(sessionStore.getSnapshot()?.token).toBe('tok_new');
  });

  it('[SIGN-UP] registers, signs in and goes to /verify-email', async () => {
    const user = makeUser({ hasVerifiedEmail: false, is2faAuthenticated: false });
    const stub = stubFetch([
      {
        method: 'POST',
        path: '/api/v1/register',
        status: 201,
        body: ok({ user, access_token: 'tok_reg' }, 'Account created'),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/sign-up');
    await userEvent.type(await screen.findByLabelText(/Company name/), 'Acme Telecoms Ltd');
    await userEvent.type(screen.getByLabelText(/First name/), 'Adaeze');
    await userEvent.type(screen.getByLabelText(/Last name/), 'Okafor');
    await userEvent.type(screen.getByLabelText(/Work email/), 'adaeze@acme.ng');
    await userEvent.type(screen.getByLabelText(/Phone number/), '08031234567');
    await userEvent.type(screen.getByLabelText(/^Password/), 'a-long-unique-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify-email'));
    expect(stub.calls[0]?.body).toMatchObject({
      msisdn: '+2348031234567',
      company_name: 'Acme Telecoms Ltd',
    });
    expect(await screen.findByRole('heading', { name: 'Verify your email' })).toBeInTheDocument();
  });

  it('[VERIFY] a verified code updates the profile and moves on to /2fa', async () => {
    sessionStore.login(makeUser({ hasVerifiedEmail: false, is2faAuthenticated: false }), 'tok', false);
    vi.stubGlobal(
      'fetch',
      stubFetch([
        {
          method: 'POST',
          path: '/api/v1/verify-email',
          body: ok({ user: makeUser({ is2faAuthenticated: false }) }, 'Email verified'),
        },
      ]).fn,
    );
    const { router } = renderApp('/verify-email');
    await userEvent.type(await screen.findByLabelText(/Verification code/), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify email' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa'));
    expect(sessionStore.getSnapshot()?.user.hasVerifiedEmail).toBe(true);
  });

  it('[CHANGE-PASSWORD] a default-password user changes it and moves on', async () => {
    sessionStore.login(makeUser({ defaultPassword: true, is2faAuthenticated: false }), 'tok', false);
    const stub = stubFetch([
      {
        method: 'POST',
        path: '/api/v1/change-password',
        body: ok(
          { user: makeUser({ defaultPassword: false, is2faAuthenticated: false }) },
          'Password changed',
        ),
      },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/dashboard');
    await userEvent.type(await screen.findByLabelText(/Current password/), 'Temp-Password-001');
    await userEvent.type(screen.getByLabelText(/^New password/), 'my-own-long-passphrase');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'my-own-long-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/2fa'));
    expect(stub.calls[0]?.body).toEqual({
      current_password: 'Temp-Password-001',
      new_password: 'my-own-long-passphrase',
      confirm_password: 'my-own-long-passphrase',
    });
  });

  it('[FORGOT] asks for the email, then resets with the code through change-password', async () => {
    const stub = stubFetch([
      {
        method: 'POST',
        path: '/api/v1/forgot-password',
        body: ok(null, 'If the email exists, a code has been sent'),
      },
      { method: 'POST', path: '/api/v1/change-password', body: ok(null, 'Password reset') },
    ]);
    vi.stubGlobal('fetch', stub.fn);
    const { router } = renderApp('/forgot-password');
    await userEvent.type(await screen.findByLabelText(/Email address/), 'ada@acme.ng');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset code' }));
    await userEvent.type(await screen.findByLabelText(/Reset code/), '654321');
    await userEvent.type(screen.getByLabelText(/^New password/), 'a-brand-new-passphrase');
    await userEvent.type(screen.getByLabelText(/Confirm new password/), 'a-brand-new-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(stub.calls[1]?.body).toEqual({
      email: 'ada@acme.ng',
      code: '654321',
      new_password: 'a-brand-new-passphrase',
      confirm_password: 'a-brand-new-passphrase',
    });
  });
});
