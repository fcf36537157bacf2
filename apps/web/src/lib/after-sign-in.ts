// What waits for the end of a sign-in, kept in this tab's session storage so that it survives
// the sign-in steps (forced password change, email verification, 2FA) and a reload between
// them: the guarded page a signed-out visitor asked for (issue 16: deep links survive sign-in),
// and the "Signed in" toast, shown only once the user actually reaches their area.
const RETURN_KEY = 'vendport.returnTo';
const TOAST_KEY = 'vendport.signedInToast';

// Set by a deliberate sign-out: what the page was showing is not a page the next sign-in asked
// for, so nothing is remembered until the reload that follows.
let signingOut = false;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage blocked (private mode): the user simply lands on their area's home.
  }
}

/** The path (with query and hash) a signed-out visitor was turned away from. */
export function rememberReturnTo(path: string): void {
  if (!signingOut) write(RETURN_KEY, path);
}

export const readReturnTo = (): string | null => read(RETURN_KEY);

export const forgetReturnTo = (): void => write(RETURN_KEY, null);

/** Sign-in done, a step still pending: the toast waits for the area. */
export const oweSignedInToast = (message: string): void => write(TOAST_KEY, message);

/** Whether a "Signed in" toast waits for the area (the last step then stays quiet). */
export const isSignedInToastOwed = (): boolean => read(TOAST_KEY) !== null;

/** The owed "Signed in" message, once (null when none is owed). */
export function takeSignedInToast(): string | null {
  const message = read(TOAST_KEY);
  if (message !== null) write(TOAST_KEY, null);
  return message;
}

/** A deliberate sign-out: forget both, and remember nothing until the page reloads. */
export function endSignIn(): void {
  signingOut = true;
  write(RETURN_KEY, null);
  write(TOAST_KEY, null);
}

/**
 * A new page: a sign-out's "remember nothing" ends with the page it happened on. A browser does
 * this by reloading (the module starts again); the web tests, which share the app's modules from
 * one file to the next (isolate: false), start each file as a new page (test/setup.ts).
 */
export function newPage(): void {
  signingOut = false;
}
