// Sign-up (spec §7 Auth): the corporate client and its owner, then the emailed verification code.
import {
  loginResponse,
  registerBody,
  resendCodeBody,
  successEnvelope,
  verifyEmailBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { message, tags, userData } from './auth.views';
import { register, resendCode, verifyEmail } from './registration.service';

export async function registrationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
