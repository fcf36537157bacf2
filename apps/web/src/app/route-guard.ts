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

/** Whether a signed-out visitor is turned away from this path (to /, the login page). */
export const needsSession = (rawPath: string): boolean => normalise(rawPath).includes('dashboard');

/** Whether the path is inside the user's own area (their home or below it). */
export const isInOwnArea = (rawPath: string, user: Pick<GuardUser, 'area' | 'roles'>): boolean =>
  isUnder(normalise(rawPath), homeOf(user));

const RETURN_ORIGIN = 'https://vendport.invalid';

const hasControlCharacter = (s: string): boolean =>
  [...s].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * The page to land on after sign-in, from what a signed-out visitor asked for: only a path of
 * this site (no scheme, no `//host`, no backslash tricks, no control characters) inside the
 * user's own area, returned as path + query + hash. null means "the area's home".
 */
export function safeReturnPath(
  raw: string | null | undefined,
  user: Pick<GuardUser, 'area' | 'roles'>,
): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return null;
  // Only a path: one leading slash, then no second slash or backslash right after it, and no
  // backslashes or control characters anywhere (browsers read \ as /, and strip tabs/newlines).
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\') || hasControlCharacter(raw)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, RETURN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== RETURN_ORIGIN) return null;
  if (!isInOwnArea(url.pathname, user)) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Where the browser must go instead of `rawPath` (null: stay). `returnTo` is the page a
 * signed-out visitor asked for: once every sign-in step is done, the public and step pages lead
 * there when it is a page of the user's own area, else to the area's home.
 */
export function decideRoute(
  rawPath: string,
  user: GuardUser | null,
  returnTo?: string | null,
): string | null {
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
  if (PUBLIC_PATHS.includes(path) || path === '/2fa') return safeReturnPath(returnTo, user) ?? home;
  if (isAdmin(user)) {
    if (isUnder(path, CLIENT_HOME)) return ADMIN_HOME;
  } else if (isUnder(path, ADMIN_HOME)) {
    return CLIENT_HOME;
  }
  return null;
}
