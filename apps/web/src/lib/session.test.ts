import Cookies from 'js-cookie';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../test/factories';
import { clearOnUserChange, createQueryClient } from './query-client';
import {
  followOtherTabs,
  fullName,
  PROFILE_STORAGE_KEY,
  readPersistedSession,
  sessionStore,
  signOutAndReload,
  TOKEN_COOKIE_NAME,
  tokenCookieOptions,
} from './session';

// An in-memory cookie jar behind the js-cookie API, so the attributes passed can be asserted: spies
// on js-cookie's own object (not a module mock: the web project shares modules between files).
const jar = new Map<string, string>();
function spyOnCookies() {
  vi.spyOn(Cookies, 'get').mockImplementation(((name?: string) =>
    name === undefined ? Object.fromEntries(jar) : jar.get(name)) as typeof Cookies.get);
  vi.spyOn(Cookies, 'set').mockImplementation((name: string, value: string) => {
    jar.set(name, value);
    return value;
  });
  vi.spyOn(Cookies, 'remove').mockImplementation((name: string) => {
    jar.delete(name);
  });
}
spyOnCookies();
afterAll(() => vi.restoreAllMocks());

const storedProfile = () => JSON.parse(window.localStorage.getItem(PROFILE_STORAGE_KEY) ?? 'null');

beforeEach(() => {
  jar.clear();
  // (The web setup restores every spy after each test: made again for each.)
  spyOnCookies();
  sessionStore.clear();
  vi.mocked(Cookies.set).mockClear();
  vi.mocked(Cookies.remove).mockClear();
});

describe('session', () => {
  it('[SESSION] login with rememberMe keeps the token cookie 14 days, secure, SameSite strict, path /', () => {
    const user = makeUser();
    sessionStore.login(user, 'tok_remember', true);
    expect(Cookies.set).toHaveBeenCalledWith(TOKEN_COOKIE_NAME, 'tok_remember', {
      expires: 14,
      secure: true,
      sameSite: 'strict',
      path: '/',
    });
    expect(storedProfile()).toEqual(user);
    expect(sessionStore.getSnapshot()).toEqual({ user, token: 'tok_remember' });
  });

  it('[SESSION] login without rememberMe sets a session cookie (no expiry)', () => {
    sessionStore.login(makeUser(), 'tok_session', false);
    const options = vi.mocked(Cookies.set).mock.calls[0]?.[2];
    expect(options).toEqual({ secure: true, sameSite: 'strict', path: '/' });
    expect(options).not.toHaveProperty('expires');
    expect(tokenCookieOptions(false)).not.toHaveProperty('expires');
    expect(tokenCookieOptions(true).expires).toBe(14);
  });

  it('[SESSION] the profile is stored as JSON in local storage', () => {
    const user = makeUser({ first_name: 'Tunde' });
    sessionStore.login(user, 'tok', false);
    const raw = window.localStorage.getItem(PROFILE_STORAGE_KEY);
    expect(typeof raw).toBe('string');
    expect(JSON.parse(raw as string).first_name).toBe('Tunde');
  });

  it('[SESSION] is restored on start from the stored profile and the token cookie', () => {
    const user = makeUser();
    window.localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(user));
    jar.set(TOKEN_COOKIE_NAME, 'tok_restored');
    expect(sessionStore.restore()).toEqual({ user, token: 'tok_restored' });
    expect(sessionStore.getSnapshot()?.user.email).toBe(user.email);
  });

  it('[SESSION] a stored profile without its token is not a session and is removed', () => {
    window.localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(makeUser()));
    expect(readPersistedSession()).toBeNull();
    expect(window.localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
  });

  it('[SESSION] a corrupt stored profile is ignored', () => {
    window.localStorage.setItem(PROFILE_STORAGE_KEY, '{not json');
    jar.set(TOKEN_COOKIE_NAME, 'tok');
    expect(sessionStore.restore()).toBeNull();
  });

  it('[SESSION] a profile update merges partial fields and persists them', () => {
    const user = makeUser({ is2faAuthenticated: false });
    sessionStore.login(user, 'tok', true);
    sessionStore.updateProfile({ first_name: 'Chioma', is2faAuthenticated: true });
    const merged = { ...user, first_name: 'Chioma', is2faAuthenticated: true };
    expect(sessionStore.getSnapshot()?.user).toEqual(merged);
    expect(storedProfile()).toEqual(merged);
    // The token is untouched by a profile update.
    expect(sessionStore.getSnapshot()?.token).toBe('tok');
    expect(Cookies.set).toHaveBeenCalledTimes(1);
  });

  it('[SESSION] logout removes the profile and the cookie and reloads at /', () => {
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace, pathname: '/dashboard' });
    sessionStore.login(makeUser(), 'tok', true);
    signOutAndReload();
    expect(window.localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    expect(Cookies.remove).toHaveBeenCalledWith(TOKEN_COOKIE_NAME, {
      path: '/',
      secure: true,
      sameSite: 'strict',
    });
    expect(jar.has(TOKEN_COOKIE_NAME)).toBe(false);
    expect(sessionStore.getSnapshot()).toBeNull();
    expect(replace).toHaveBeenCalledWith('/');
  });

  it('[SESSION] the full name is built from first and last name', () => {
    expect(fullName(makeUser({ first_name: 'Adaeze', last_name: 'Okafor' }))).toBe('Adaeze Okafor');
    expect(fullName(makeUser({ first_name: ' Ngozi ', last_name: '' }))).toBe('Ngozi');
    expect(fullName(null)).toBe('');
  });

  it('[SESSION] a sign-out in another tab ends the session here too', () => {
    sessionStore.login(makeUser(), 'tok', false);
    const stop = followOtherTabs();
    // The other tab removed the profile and the cookie.
    window.localStorage.removeItem(PROFILE_STORAGE_KEY);
    jar.delete(TOKEN_COOKIE_NAME);
    window.dispatchEvent(new StorageEvent('storage', { key: PROFILE_STORAGE_KEY, newValue: null }));
    expect(sessionStore.getSnapshot()).toBeNull();
    stop();
  });

  it('[SESSION] subscribers hear every change', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.login(makeUser(), 'tok', false);
    sessionStore.updateProfile({ last_name: 'Bello' });
    sessionStore.clear();
    expect(listener).toHaveBeenCalledTimes(3);
    unsubscribe();
  });

  it('[SESSION] the query cache is emptied whenever the signed-in user changes, never by a profile update', () => {
    const client = createQueryClient();
    const stop = clearOnUserChange(client);
    const cached = () => client.getQueryData(['wallet', 'balance']);
    sessionStore.login(makeUser({ id: 'user-a' }), 'token-a', false);
    client.setQueryData(['wallet', 'balance'], { walletKobo: 500 });
    sessionStore.updateProfile({ first_name: 'Ada' });
    expect(cached()).toEqual({ walletKobo: 500 });
    sessionStore.clear(); // an expired session: no reload, the next user must not see this
    expect(cached()).toBeUndefined();
    client.setQueryData(['wallet', 'balance'], { walletKobo: 700 });
    sessionStore.login(makeUser({ id: 'user-b' }), 'token-b', false);
    expect(cached()).toBeUndefined();
    stop();
  });
});
