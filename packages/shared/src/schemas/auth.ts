// Request and response shapes of the Auth calls (spec §7 Auth). Field names follow the
// session profile of spec §3 (first_name, last_name, defaultPassword, ...).
import { z } from 'zod';
import { confirmPassword, passwordSchema } from '../password';
import { AREAS } from '../permissions';
import { normaliseMsisdn } from '../phone';

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .min(1, 'Email is required')
  .max(254, 'Email is too long')
  .pipe(z.email('Enter a valid email address'));

/** A Nigerian phone number in any common form, normalised to +234XXXXXXXXXX. */
export const msisdnSchema = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .transform((v, ctx) => {
    const n = normaliseMsisdn(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid Nigerian phone number' });
      return z.NEVER;
    }
    return n;
  });

const name = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

export const registerBody = z.object({
  company_name: name('Company name'),
  first_name: name('First name'),
  last_name: name('Last name'),
  email: emailSchema,
  msisdn: msisdnSchema,
  password: passwordSchema,
});
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
  rememberMe: z.boolean().optional().default(false),
});
export type LoginBody = z.input<typeof loginBody>;

export const codeSchema = z
  .string({ error: 'Enter the 6-digit code' })
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code');

export const verifyEmailBody = z.object({ code: codeSchema });
export const resendCodeBody = z.object({
  type: z.enum(['EMAIL_VERIFICATION', 'TWO_FACTOR']).default('EMAIL_VERIFICATION'),
});
export const twoFactorBody = z.object({ code: codeSchema });
export const twoFactorResetBody = z.object({ password: confirmPassword });
export const twoFactorEnableBody = z.object({ code: codeSchema });
export const twoFactorSetupResponse = z.object({ secret: z.string(), otpauth_uri: z.string() });

export const forgotPasswordBody = z.object({ email: emailSchema });

/**
 * change-password: with a reset code (email + code) from forgot-password, or signed in
 * (current_password), which is how a user with defaultPassword TRUE sets their own.
 */
export const changePasswordBody = z
  .object({
    email: emailSchema.optional(),
    code: codeSchema.optional(),
    current_password: z.string().optional(),
    new_password: passwordSchema,
    confirm_password: z.string({ error: 'Confirm your new password' }),
  })
  .refine((b) => b.new_password === b.confirm_password, {
    message: 'Passwords do not match',
    path: ['confirm_password'],
  })
  .refine((b) => (b.code ? !!b.email : true), { message: 'Email is required', path: ['email'] });
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

export const updatePasswordBody = z
  .object({
    current_password: z
      .string({ error: 'Enter your current password' })
      .min(1, 'Enter your current password'),
    new_password: passwordSchema,
    confirm_password: z.string({ error: 'Confirm your new password' }),
  })
  .refine((b) => b.new_password === b.confirm_password, {
    message: 'Passwords do not match',
    path: ['confirm_password'],
  });
export type UpdatePasswordBody = z.input<typeof updatePasswordBody>;

export const updateProfileBody = z.object({
  first_name: name('First name').optional(),
  last_name: name('Last name').optional(),
  msisdn: msisdnSchema.optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBody>;

export const corporateSummary = z.object({
  id: z.string(),
  name: z.string(),
  clientType: z.string(),
  status: z.string(),
  verificationStatus: z.string(),
  /** When the client last asked for a review (null: nothing submitted yet). */
  verificationRequestedAt: z.string().nullable(),
  testMode: z.boolean(),
  /** The platform lets this client switch test mode on and off (PUT client-test-mode). */
  testModeAllowed: z.boolean(),
  /** The platform has enabled auto top-up for this client. */
  autoTopUpEnabled: z.boolean(),
});

export const sessionUser = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  msisdn: z.string().nullable(),
  area: z.enum(AREAS),
  /** The area first ('ADMIN' or 'CORPORATE'), then the names of the user's roles. */
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  defaultPassword: z.boolean(),
  hasVerifiedEmail: z.boolean(),
  is2faAuthenticated: z.boolean(),
  twoFactorMethod: z.enum(['TOTP', 'EMAIL']),
  corporate: corporateSummary.nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({ user: sessionUser, access_token: z.string() });
export type LoginResponse = z.infer<typeof loginResponse>;

export const apiKeyView = z.object({
  mode: z.enum(['LIVE', 'TEST']),
  masked: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;
export const apiKeyReadBody = z.object({
  password: confirmPassword,
  mode: z.enum(['LIVE', 'TEST']).default('LIVE'),
});
export const apiKeyResetBody = apiKeyReadBody;

/** GET onboarding-data for a client: where it stands in onboarding, and what to do next. */
export const onboardingView = z.object({
  corporate: corporateSummary,
  hasVerifiedEmail: z.boolean(),
  verificationStatus: z.string(),
  verificationRequestedAt: z.string().nullable(),
  hasApiKeys: z.boolean(),
  twoFactorMethod: z.enum(['TOTP', 'EMAIL']),
  steps: z.array(z.object({ key: z.string(), label: z.string(), done: z.boolean() })),
  nextSteps: z.array(z.string()),
  completed: z.boolean(),
});
