// The login page's zod-free check agrees with loginBody, the schema the API applies: same
// verdict, same first message per field, same normalised values.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { loginBody } from './auth';
import { checkLoginForm, EMAIL_PATTERN } from './login-form';

function viaZod(input: { email: string; password: string; rememberMe: boolean }) {
  const r = loginBody.safeParse(input);
  if (r.success) return { ok: true as const, value: r.data };
  const errors: Record<string, string> = {};
  for (const issue of r.error.issues) {
    const k = String(issue.path[0]);
    if (!(k in errors)) errors[k] = issue.message;
  }
  return { ok: false as const, errors };
}

const emails = fc.oneof(
  fc.emailAddress(),
  fc.emailAddress().map((e) => `  ${e.toUpperCase()} `),
  fc.string(),
  fc.constantFrom(
    '',
    '   ',
    'a@b',
    'a@b.c',
    'name@company.com',
    '.a@b.co',
    'a..b@c.co',
    `${'a'.repeat(250)}@b.co`,
  ),
);

describe('[AUTH] login form check', () => {
  it('uses the same email pattern as zod', () => {
    // The same source, up to the escaping of a '-' at a character class's end (Biome drops it).
    const plain = (r: RegExp) => r.source.replaceAll('\\-', '-');
    expect(plain(EMAIL_PATTERN)).toBe(plain(regexes.email));
  });

  it('agrees with loginBody on every input', () => {
    fc.assert(
      fc.property(
        emails,
        fc.oneof(fc.constant(''), fc.string()),
        fc.boolean(),
        (email, password, rememberMe) => {
          const input = { email, password, rememberMe };
          expect(checkLoginForm(input)).toEqual(viaZod(input));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives the spec messages', () => {
    expect(checkLoginForm({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: 'Email is required', password: 'Password is required' },
    });
    expect(checkLoginForm({ email: 'nope', password: 'x' })).toEqual({
      ok: false,
      errors: { email: 'Enter a valid email address' },
    });
  });
});
