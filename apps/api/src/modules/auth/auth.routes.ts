// The Auth calls of spec §7: register, login, logout, email verification, the second factor,
// passwords, the profile and API keys (onboarding data: clients/lifecycle.routes). Handlers only parse and answer; the
// rules live in the use-case services (sign-in, registration, passwords, two-factor, API keys, profile).
import {
  apiKeyResetBody,
  apiKeyView,
  changePasswordBody,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  registerBody,
  resendCodeBody,
  sessionUser,
  successEnvelope,
  twoFactorBody,
  twoFactorEnableBody,
  twoFactorResetBody,
  twoFactorSetupResponse,
  updatePasswordBody,
  updateProfileBody,
  verifyEmailBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { copyApiKey, listApiKeys, resetApiKey } from './api-keys.service';
import { changePassword, forgotPassword, updatePassword } from './passwords.service';
import { me, updateProfile } from './profile.service';
import { register, resendCode, verifyEmail } from './registration.service';
import { login, logout } from './sign-in.service';
import { completeTwoFactor, enableTotp, resetTotp, setupTotp } from './two-factor.service';

const tags = ['Auth'];
const keyTags = ['API keys'];
const message = successEnvelope(z.null());
const userData = successEnvelope(z.object({ user: sessionUser }));
const keyMode = z.enum(['LIVE', 'TEST']);
const fullKey = apiKeyView.extend({ key: z.string() });

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // ------------------------------------------------------------ sign-up and sign-in

  r.post(
    '/register',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign up: creates the corporate client, its owner and a session (not yet 2FA-complete)',
        body: registerBody,
        response: { 201: successEnvelope(loginResponse) },
      },
    },
    async (req, reply) => {
      const data = await register(ctx, requestContextOf(req), req.body);
      return reply
        .status(201)
        .send(ok('Account created. Enter the code we sent to your email address.', data));
    },
  );

  r.post(
    '/login',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: loginBody,
        response: { 200: successEnvelope(loginResponse) },
      },
    },
    async (req) => ok('Signed in', await login(ctx, requestContextOf(req), req.body)),
  );

  r.post(
    '/logout',
    {
      config: { permission: 'self', incomplete: true },
      schema: {
        tags,
        summary: 'End this session on the server',
        security: [{ bearer: [] }],
        response: { 200: message },
      },
    },
    async (req) => {
      await logout(ctx, requestContextOf(req));
      return ok('You have been logged out', null);
    },
  );

  r.get(
    '/me',
    {
      config: { permission: 'self', incomplete: true },
      schema: {
        tags,
        summary: 'The signed-in user (session profile)',
        security: [{ bearer: [] }],
        response: { 200: userData },
      },
    },
    async (req) => ok('Profile retrieved', { user: await me(ctx, requestContextOf(req)) }),
  );

  r.put(
    '/profile',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Update my first name, last name or phone number',
        security: [{ bearer: [] }],
        body: updateProfileBody,
        response: { 200: userData },
      },
    },
    async (req) => ok('Profile updated', { user: await updateProfile(ctx, requestContextOf(req), req.body) }),
  );

  // ------------------------------------------------------------ email verification and codes

  r.post(
    '/verify-email',
    {
      config: { permission: 'self', incomplete: true },
      schema: {
        tags,
        summary: 'Verify the email address with the emailed 6-digit code',
        security: [{ bearer: [] }],
        body: verifyEmailBody,
        response: { 200: userData },
      },
    },
    async (req) => {
      const { user, already } = await verifyEmail(ctx, requestContextOf(req), req.body.code);
      return ok(already ? 'Your email address is already verified' : 'Email address verified', { user });
    },
  );

  r.post(
    '/resend-verification-code',
    {
      config: { permission: 'self', incomplete: true },
      schema: {
        tags,
        summary: 'Email a new verification or sign-in code (one a minute, five an hour)',
        security: [{ bearer: [] }],
        body: resendCodeBody,
        response: { 200: message },
      },
    },
    async (req) => {
      await resendCode(ctx, requestContextOf(req), req.body.type);
      return ok('A new code has been sent to your email address', null);
    },
  );

  // ------------------------------------------------------------ second factor

  r.post(
    '/2fa',
    {
      config: { permission: 'self', incomplete: true },
      schema: {
        tags,
        summary: 'Complete sign-in with the emailed code or the authenticator app code',
        security: [{ bearer: [] }],
        body: twoFactorBody,
        response: { 200: userData },
      },
    },
    async (req) =>
      ok('Two-factor authentication complete', {
        user: await completeTwoFactor(ctx, requestContextOf(req), req.body.code),
      }),
  );

  r.post(
    '/2fa/setup',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Start setting up an authenticator app: a new secret and its otpauth URI',
        security: [{ bearer: [] }],
        response: { 200: successEnvelope(twoFactorSetupResponse) },
      },
    },
    async (req) =>
      ok(
        'Scan the code with your authenticator app, then enter the code it shows',
        await setupTotp(ctx, requestContextOf(req)),
      ),
  );

  r.post(
    '/2fa/enable',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Finish setting up the authenticator app with a code it shows',
        security: [{ bearer: [] }],
        body: twoFactorEnableBody,
        response: { 200: userData },
      },
    },
    async (req) =>
      ok('Authenticator app turned on', {
        user: await enableTotp(ctx, requestContextOf(req), req.body.code),
      }),
  );

  r.put(
    '/2fa',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Reset two-factor authentication (password-confirmed): back to emailed codes',
        security: [{ bearer: [] }],
        body: twoFactorResetBody,
        response: { 200: userData },
      },
    },
    async (req) =>
      ok('Two-factor authentication reset. Sign-in codes will be sent by email.', {
        user: await resetTotp(ctx, requestContextOf(req), req.body.password),
      }),
  );

  // ------------------------------------------------------------ passwords

  r.post(
    '/forgot-password',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Email a password reset code',
        body: forgotPasswordBody,
        response: { 200: message },
      },
    },
    async (req) => {
      await forgotPassword(ctx, requestContextOf(req), req.body.email);
      return ok('If an account exists for this email, we have sent a reset code.', null);
    },
  );

  r.post(
    '/change-password',
    {
      config: { public: true, optionalSession: true },
      schema: {
        tags,
        summary:
          'Set a new password: with the emailed reset code (email + code), or signed in with the current password (e.g. a default password)',
        body: changePasswordBody,
        response: { 200: successEnvelope(z.object({ user: sessionUser }).nullable()) },
      },
    },
    async (req) => {
      const user = await changePassword(ctx, requestContextOf(req), req.body);
      return user
        ? ok('Your password has been changed', { user })
        : ok('Your password has been changed. Sign in with your new password.', null);
    },
  );

  r.put(
    '/update-password',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'Change my password (current password required); my other sessions end',
        security: [{ bearer: [] }],
        body: updatePasswordBody,
        response: { 200: userData },
      },
    },
    async (req) =>
      ok('Your password has been updated', {
        user: await updatePassword(ctx, requestContextOf(req), req.body),
      }),
  );

  // ------------------------------------------------------------ API keys and onboarding

  r.get(
    '/get-api-key',
    {
      config: { permission: 'apikey.manage' },
      schema: {
        tags: keyTags,
        summary: 'My live and test API keys, masked',
        security: [{ bearer: [] }],
        response: { 200: successEnvelope(z.array(apiKeyView)) },
      },
    },
    async (req) => ok('API keys retrieved', await listApiKeys(ctx, requestContextOf(req))),
  );

  r.get(
    '/api-key/copy',
    {
      config: { permission: 'apikey.manage' },
      schema: {
        tags: keyTags,
        summary: 'One full API key, confirmed with my password in the X-Confirm-Password header',
        security: [{ bearer: [] }],
        querystring: z.object({ mode: keyMode.default('LIVE') }),
        headers: z.object({ 'x-confirm-password': z.string().optional() }),
        response: { 200: successEnvelope(fullKey) },
      },
    },
    async (req) =>
      ok(
        'API key retrieved',
        await copyApiKey(ctx, requestContextOf(req), req.query.mode, req.headers['x-confirm-password']),
      ),
  );

  r.post(
    '/reset-api-key',
    {
      config: { permission: 'apikey.manage' },
      schema: {
        tags: keyTags,
        summary: 'Replace an API key (password-confirmed); the old key stops working at once',
        security: [{ bearer: [] }],
        body: apiKeyResetBody,
        response: { 200: successEnvelope(fullKey) },
      },
    },
    async (req) =>
      ok(
        'API key reset. Copy it now: the previous key no longer works.',
        await resetApiKey(ctx, requestContextOf(req), req.body.mode, req.body.password),
      ),
  );
}
