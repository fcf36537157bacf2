// The client-side session (spec §3, §4, §9): the user profile, persisted as JSON in local
// storage, and the access token, persisted in a cookie. A tiny external store so that the
// API client (outside React) and components (through useSession) see the same state.
import type { SessionUser } from '@vendport/shared';
import Cookies from 'js-cookie';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { endSignIn } from './after-sign-in';

export const PROFILE_STORAGE_KEY = 'vendport.profile';
export const TOKEN_COOKIE_NAME = 'vendport_access_token';
export const REMEMBER_ME_DAYS = 14;

export type Session = { user: SessionUser; token: string };

/** Cookie attributes of spec §9: secure, same-site strict, path /; 14 days only with rememberMe. */
export function tokenCookieOptions(rememberMe: boolean): Cookies.CookieAttributes {
  const base: Cookies.CookieAttributes = { secure: true, sameSite: 'strict', path: '/' };
  return rememberMe ? { ...base, expires: REMEMBER_ME_DAYS } : base;
}

export function fullName(user: Pick<SessionUser, 'first_name' | 'last_name'> | null | undefined): string {
  if (!user) return '';
  return [user.first_name, user.last_name]
    .map((p) => (p ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/**
 * The user carried by a response's data: `{ user }` (most auth calls) or the user itself
 * (GET me / PUT profile are documented both ways); null when neither.
 */
export function userFromData(data: unknown): SessionUser | null {
  if (!data || typeof data !== 'object') return null;
  const maybe = 'user' in data ? (data as { user: unknown }).user : data;
  if (maybe && typeof maybe === 'object' && 'id' in maybe && 'email' in maybe) return maybe as SessionUser;
  return null;
}

function readProfile(): SessionUser | null {
  try {
    const raw = window.localStorage.getItem(PROFILE_STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || !('id' in parsed)) return null;
    return parsed as SessionUser;
  } catch {
    return null;
  }
}

function writeProfile(user: SessionUser): void {
  try {
    window.localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(user));
  } catch {
    // Storage full or blocked (private mode): the session still lives in memory for this tab.
  }
}

/** Restore from storage: both the profile and the token must be present. */
export function readPersistedSession(): Session | null {
  const user = readProfile();
  const token = Cookies.get(TOKEN_COOKIE_NAME);
  if (user && token) return { user, token };
  // A profile without its token (the session cookie ended with the browser) is stale.
  if (user && !token) removePersistedSession();
  return null;
}

export function persistSession(user: SessionUser, token: string, rememberMe: boolean): void {
  writeProfile(user);
  Cookies.set(TOKEN_COOKIE_NAME, token, tokenCookieOptions(rememberMe));
}

export function removePersistedSession(): void {
  try {
    window.localStorage.removeItem(PROFILE_STORAGE_KEY);
  } catch {
    // ignore: nothing to remove
  }
  Cookies.remove(TOKEN_COOKIE_NAME, { path: '/', secure: true, sameSite: 'strict' });
}

type Listener = () => void;

function createSessionStore() {
  let state: Session | null = null;
  let restored = false;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const l of listeners) l();
  };
  const ensureRestored = () => {
    if (!restored) {
      restored = true;
      state = readPersistedSession();
    }
  };

  return {
    getSnapshot(): Session | null {
      ensureRestored();
      return state;
    },
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Re-read local storage and the cookie (on start, and in tests). */
    restore(): Session | null {
      restored = true;
      state = readPersistedSession();
      emit();
      return state;
    },
    login(user: SessionUser, accessToken: string, rememberMe: boolean): void {
      persistSession(user, accessToken, rememberMe);
      restored = true;
      state = { user, token: accessToken };
      emit();
    },
    /** Merge partial profile fields and persist them. */
    updateProfile(patch: Partial<SessionUser>): void {
      ensureRestored();
      if (!state) return;
      const user = { ...state.user, ...patch };
      writeProfile(user);
      state = { ...state, user };
      emit();
    },
    /** Remove the stored profile and the token cookie; the caller decides about reloading. */
    clear(): void {
      removePersistedSession();
      restored = true;
      state = null;
      emit();
    },
  };
}

export const sessionStore = createSessionStore();

/**
 * Follow sign-in and sign-out done in other tabs: they change the stored profile, which fires
 * a storage event here. Returns the unsubscribe function.
 */
export function followOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === PROFILE_STORAGE_KEY || e.key === null) sessionStore.restore();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

export function getAccessToken(): string | null {
  return sessionStore.getSnapshot()?.token ?? null;
}

/** Full sign-out of spec §4: storage cleared, then the page reloads (at /, where the guard lands). */
export function signOutAndReload(): void {
  endSignIn();
  sessionStore.clear();
  window.location.replace('/');
}

export function useSession() {
  const session = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getSnapshot,
  );
  const user = session?.user ?? null;
  const login = useCallback(
    (u: SessionUser, accessToken: string, rememberMe: boolean) =>
      sessionStore.login(u, accessToken, rememberMe),
    [],
  );
  const updateProfile = useCallback((patch: Partial<SessionUser>) => sessionStore.updateProfile(patch), []);
  return useMemo(
    () => ({
      user,
      token: session?.token ?? null,
      isAuthenticated: !!session,
      fullName: fullName(user),
      login,
      logout: signOutAndReload,
      updateProfile,
    }),
    [session, user, login, updateProfile],
  );
}
