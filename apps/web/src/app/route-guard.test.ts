import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/factories';
import { decideRoute, type GuardUser, safeReturnPath } from './route-guard';

const corporate = makeUser({ area: 'CORPORATE' });
const admin = makeUser({ area: 'ADMIN', roles: ['ADMIN', 'Super Admin'] });
const mustChangePassword = makeUser({
  defaultPassword: true,
  hasVerifiedEmail: false,
  is2faAuthenticated: false,
});
const unverified = makeUser({ hasVerifiedEmail: false, is2faAuthenticated: false });
const twoFactorPending = makeUser({ is2faAuthenticated: false });
const adminTwoFactorPending = makeUser({ area: 'ADMIN', roles: ['ADMIN'], is2faAuthenticated: false });
const adminMustChange = makeUser({
  area: 'ADMIN',
  roles: ['ADMIN'],
  defaultPassword: true,
  is2faAuthenticated: false,
});

const PUBLIC = ['/', '/auth/login', '/sign-up', '/forgot-password', '/verify-email', '/change-password'];
const ERROR_PAGES = ['/401', '/403', '/500', '/503', '/server-error', '/no-such-page'];

type Row = [name: string, path: string, user: GuardUser | null, expected: string | null];

const table: Row[] = [
  // Any path containing dashboard needs a logged-in user.
  ['signed-out user on /dashboard goes to /', '/dashboard', null, '/'],
  ['signed-out user on a client child goes to /', '/dashboard/wallet', null, '/'],
  ['signed-out user on a client detail goes to /', '/dashboard/vending-history/VND-1', null, '/'],
  ['signed-out user on /admin-dashboard goes to /', '/admin-dashboard', null, '/'],
  ['signed-out user on an admin child goes to /', '/admin-dashboard/accounts/corp_1', null, '/'],
  ['signed-out user on a dashboard path with a trailing slash goes to /', '/dashboard/', null, '/'],
  ...PUBLIC.filter((p) => p !== '/verify-email').map(
    (p): Row => [`signed-out user may open ${p}`, p, null, null],
  ),
  ...ERROR_PAGES.map((p): Row => [`signed-out user may open ${p}`, p, null, null]),
  ['signed-out user on /verify-email goes to / (it needs a session)', '/verify-email', null, '/'],
  ['signed-out user on /2fa goes to / (it needs a session)', '/2fa', null, '/'],

  // defaultPassword TRUE → /change-password (first of the steps).
  [
    'default-password user on /dashboard goes to /change-password',
    '/dashboard',
    mustChangePassword,
    '/change-password',
  ],
  ['default-password user on / goes to /change-password', '/', mustChangePassword, '/change-password'],
  ['default-password user on /2fa goes to /change-password', '/2fa', mustChangePassword, '/change-password'],
  [
    'default-password user on /verify-email goes to /change-password',
    '/verify-email',
    mustChangePassword,
    '/change-password',
  ],
  ['default-password user stays on /change-password', '/change-password', mustChangePassword, null],
  [
    'default-password admin on /admin-dashboard goes to /change-password',
    '/admin-dashboard/services',
    adminMustChange,
    '/change-password',
  ],

  // Without verified email → /verify-email.
  ['unverified user goes to /verify-email', '/dashboard', unverified, '/verify-email'],
  [
    'unverified user on a child route goes to /verify-email',
    '/dashboard/profile',
    unverified,
    '/verify-email',
  ],
  ['unverified user on / goes to /verify-email', '/', unverified, '/verify-email'],
  ['unverified user on /sign-up goes to /verify-email', '/sign-up', unverified, '/verify-email'],
  ['unverified user on /2fa goes to /verify-email', '/2fa', unverified, '/verify-email'],
  [
    'unverified user on /change-password goes to /verify-email',
    '/change-password',
    unverified,
    '/verify-email',
  ],
  ['unverified user stays on /verify-email', '/verify-email', unverified, null],

  // Without 2FA done → /2fa.
  ['2FA-pending user goes to /2fa', '/dashboard', twoFactorPending, '/2fa'],
  ['2FA-pending user on / goes to /2fa', '/', twoFactorPending, '/2fa'],
  ['2FA-pending user on /auth/login goes to /2fa', '/auth/login', twoFactorPending, '/2fa'],
  ['2FA-pending user on /verify-email goes to /2fa', '/verify-email', twoFactorPending, '/2fa'],
  ['2FA-pending user stays on /2fa', '/2fa', twoFactorPending, null],
  ['2FA-pending admin on /admin-dashboard goes to /2fa', '/admin-dashboard', adminTwoFactorPending, '/2fa'],
  ['2FA-pending admin stays on /2fa', '/2fa', adminTwoFactorPending, null],

  // Signed-in CORPORATE users on public paths go to /dashboard.
  ...PUBLIC.map((p): Row => [`corporate user on ${p} goes to /dashboard`, p, corporate, '/dashboard']),
  ['corporate user on /2fa once done goes to /dashboard', '/2fa', corporate, '/dashboard'],
  [
    'corporate user on a public path with a query goes to /dashboard',
    '/sign-up?x=1',
    corporate,
    '/dashboard',
  ],
  ['corporate user stays on /dashboard', '/dashboard', corporate, null],
  ['corporate user stays on a client child', '/dashboard/notification', corporate, null],
  ['corporate user never sees /admin-dashboard', '/admin-dashboard', corporate, '/dashboard'],
  ['corporate user never sees an admin child', '/admin-dashboard/accounts/corp_9', corporate, '/dashboard'],

  // ADMIN users go to /admin-dashboard.
  ...PUBLIC.map((p): Row => [`admin user on ${p} goes to /admin-dashboard`, p, admin, '/admin-dashboard']),
  ['admin user stays on /admin-dashboard', '/admin-dashboard', admin, null],
  ['admin user stays on an admin child', '/admin-dashboard/admin-profile', admin, null],
  ['admin user never sees /dashboard', '/dashboard', admin, '/admin-dashboard'],
  ['admin user never sees a client child', '/dashboard/wallet', admin, '/admin-dashboard'],

  // Error pages exist and are never redirected away from.
  ...ERROR_PAGES.map((p): Row => [`signed-in user may open ${p}`, p, corporate, null]),
  ...ERROR_PAGES.map((p): Row => [`user with a pending step may open ${p}`, p, twoFactorPending, null]),
];

describe('decideRoute (spec §2 route guard)', () => {
  it.each(table)('[GUARD] %s', (_name, path, user, expected) => {
    expect(decideRoute(path, user)).toBe(expected);
  });

  it('[GUARD] following the guard never loops: every state settles within two hops', () => {
    const users: (GuardUser | null)[] = [
      null,
      corporate,
      admin,
      mustChangePassword,
      unverified,
      twoFactorPending,
      adminTwoFactorPending,
      adminMustChange,
    ];
    const paths = [
      ...PUBLIC,
      ...ERROR_PAGES,
      '/2fa',
      '/dashboard',
      '/dashboard/wallet',
      '/admin-dashboard',
      '/admin-dashboard/vtu',
    ];
    for (const user of users) {
      for (const start of paths) {
        let path = start;
        let hops = 0;
        for (let next = decideRoute(path, user); next !== null; next = decideRoute(path, user)) {
          expect(next).not.toBe(path);
          path = next;
          hops += 1;
          expect(hops, `loop from ${start}`).toBeLessThanOrEqual(2);
        }
      }
    }
  });
});

describe('deep links survive sign-in (issue 16)', () => {
  it.each([
    ['/dashboard/vending-history/VND-1?x=1', corporate, '/dashboard/vending-history/VND-1?x=1'],
    ['/dashboard/wallet#funding', corporate, '/dashboard/wallet#funding'],
    ['/dashboard', corporate, '/dashboard'],
    ['/admin-dashboard/accounts/corp_1?tab=wallet', admin, '/admin-dashboard/accounts/corp_1?tab=wallet'],
  ])("[GUARD] %s is a page of the user's own area: kept with its query", (raw, user, expected) => {
    expect(safeReturnPath(raw, user)).toBe(expected);
  });

  it.each([
    ['an admin path for a corporate user', '/admin-dashboard/accounts', corporate],
    ['a client path for an admin', '/dashboard/wallet', admin],
    ['a protocol-relative URL', '//evil.com/dashboard', corporate],
    ['a backslash host', '/\\evil.com/dashboard', corporate],
    ['a backslash anywhere', '/dashboard\\..\\x', corporate],
    ['an absolute URL', 'https://evil.com/dashboard', corporate],
    ['a javascript: URL', 'javascript:alert(1)//dashboard', corporate],
    ['a tab smuggling a second slash', '/\t/evil.com/dashboard', corporate],
    ['a dot-segment walk out of the area', '/dashboard/../admin-dashboard/vtu', corporate],
    ['a public page', '/sign-up', corporate],
    ['a look-alike prefix', '/dashboard-evil', corporate],
    ['an empty string', '', corporate],
    ['nothing', null, corporate],
    ['a path longer than 2,048 characters', `/dashboard/${'a'.repeat(2048)}`, corporate],
  ])('[GUARD] refuses %s', (_name, raw, user) => {
    expect(safeReturnPath(raw as string | null, user)).toBeNull();
  });

  it('[GUARD] once every step is done, the public and step pages lead to the remembered page', () => {
    const asked = '/dashboard/vending-history/VND-1?x=1';
    expect(decideRoute('/', corporate, asked)).toBe(asked);
    expect(decideRoute('/2fa', corporate, asked)).toBe(asked);
    expect(decideRoute('/change-password', corporate, asked)).toBe(asked);
  });

  it('[GUARD] the steps come first: a pending step still wins over the remembered page', () => {
    const asked = '/dashboard/wallet';
    expect(decideRoute('/', mustChangePassword, asked)).toBe('/change-password');
    expect(decideRoute('/', twoFactorPending, asked)).toBe('/2fa');
  });

  it("[GUARD] anything but a page of the user's own area leads to the area's home", () => {
    expect(decideRoute('/', corporate, '/admin-dashboard/vtu')).toBe('/dashboard');
    expect(decideRoute('/', corporate, '//evil.com')).toBe('/dashboard');
    expect(decideRoute('/', corporate, 'https://evil.com/dashboard')).toBe('/dashboard');
    expect(decideRoute('/2fa', admin, '/dashboard/wallet')).toBe('/admin-dashboard');
  });
});
