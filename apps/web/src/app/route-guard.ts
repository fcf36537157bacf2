// The route guard of spec §2 as a pure function: given the path and the session user (or
// null), where must the browser go instead? null means "stay".
import type { SessionUser } from '@vendport/shared';

export type GuardUser = Pick<
  SessionUser,
  'area' | 'roles' | 'defaultPassword' | 'hasVerifiedEmail' | 'is2faAuthenticated'
>;

export const CLIENT_HOME = '/dashboard';
export const ADMIN_HOME = '/admin-dashboard';

/** Public paths a signed-in user is sent away from (spec §2), plus /2fa once it is done. */
export const PUBLIC_PATHS = [
  '/',
  '/auth/login',
  '/sign-up',
  '/forgot-password',
  '/verify-email',
  '/change-password',
];

/** The sign-in steps, in the order the server requires them. */
const STEP_PAGES = ['/change-password', '/verify-email', '/2fa'] as const;

/** Steps that need a session token to work at all. */
const SESSION_ONLY_PATHS = ['/verify-email', '/2fa'];

function normalise(path: string): string {
  const p = (path.split(/[?#]/)[0] ?? '/').replace(/\/{2,}/g, '/');
  const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
  return (trimmed || '/').toLowerCase();
}

function isUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

export function isAdmin(user: Pick<GuardUser, 'area' | 'roles'>): boolean {
  return user.area ? user.area === 'ADMIN' : user.roles.includes('ADMIN');
}

export function homeOf(user: Pick<GuardUser, 'area' | 'roles'>): string {
  return isAdmin(user) ? ADMIN_HOME : CLIENT_HOME;
}

/** The sign-in step still pending for this user, as the page that completes it. */
export function pendingStep(user: GuardUser): (typeof STEP_PAGES)[number] | null {
  if (user.defaultPassword) return '/change-password';
  if (!user.hasVerifiedEmail) return '/verify-email';
  if (!user.is2faAuthenticated) return '/2fa';
  return null;
}

export function decideRoute(rawPath: string, user: GuardUser | null): string | null {
  const path = normalise(rawPath);
  const needsSession = path.includes('dashboard');

  if (!user) {
    if (needsSession) return '/';
    // Verify-email and 2fa act on the signed-in session; without one, start at login.
    if (SESSION_ONLY_PATHS.includes(path)) return '/';
    return null;
  }

  const step = pendingStep(user);
  if (step) {
    // Stay on the page of the pending step (no redirect loop); any protected path, public
    // path or other step page leads to it. Error and not-found pages are left alone.
    if (path === step) return null;
    if (needsSession || PUBLIC_PATHS.includes(path) || (STEP_PAGES as readonly string[]).includes(path)) {
      return step;
    }
    return null;
  }

  const home = homeOf(user);
  if (PUBLIC_PATHS.includes(path) || path === '/2fa') return home;
  if (isAdmin(user)) {
    if (isUnder(path, CLIENT_HOME)) return ADMIN_HOME;
  } else if (isUnder(path, ADMIN_HOME)) {
    return CLIENT_HOME;
  }
  return null;
}
