// Passwords (spec §7 Auth): the emailed reset code, setting a new password, changing my own.
import {
  changePasswordBody,
  forgotPasswordBody,
  sessionUser,
  successEnvelope,
  updatePasswordBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { message, tags, userData } from './auth.views';
import { changePassword, forgotPassword, updatePassword } from './passwords.service';

export async function passwordsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
