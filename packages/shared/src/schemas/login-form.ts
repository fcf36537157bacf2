// The sign-in form's own check, without zod's runtime: the login page is the first thing a
// client loads on a phone network, and zod alone weighs more than the page's whole budget allows
// (issue 16). It applies exactly the rules and messages of loginBody (auth.ts), which the API
// still enforces; login-form.test.ts proves the two agree field by field.

/** zod's email pattern (zod/v4/core regexes.email, what z.email() checks), copied so that
 * none of zod loads with the page; login-form.test.ts fails if the two ever differ. */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export type LoginFormValues = { email: string; password: string; rememberMe: boolean };
export type LoginFormErrors = Partial<Record<'email' | 'password', string>>;
export type LoginFormResult = { ok: true; value: LoginFormValues } | { ok: false; errors: LoginFormErrors };

function emailError(raw: unknown): string | null {
  if (typeof raw !== 'string') return 'Email is required';
  const email = raw.trim().toLowerCase();
  if (email.length < 1) return 'Email is required';
  if (email.length > 254) return 'Email is too long';
  return EMAIL_PATTERN.test(email) ? null : 'Enter a valid email address';
}

/** The first message per field, as loginBody's first issue per field. */
export function checkLoginForm(input: {
  email?: unknown;
  password?: unknown;
  rememberMe?: unknown;
}): LoginFormResult {
  const errors: LoginFormErrors = {};
  const email = emailError(input.email);
  if (email) errors.email = email;
  if (typeof input.password !== 'string' || input.password.length < 1)
    errors.password = 'Password is required';
  if (errors.email || errors.password) return { ok: false, errors };
  return {
    ok: true,
    value: {
      email: (input.email as string).trim().toLowerCase(),
      password: input.password as string,
      rememberMe: input.rememberMe === true,
    },
  };
}
