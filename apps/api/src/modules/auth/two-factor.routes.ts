// The second factor (spec §7 Auth): completing sign-in with a code, setting up, turning on and
// resetting the authenticator app.
import {
  successEnvelope,
  twoFactorBody,
  twoFactorEnableBody,
  twoFactorResetBody,
  twoFactorSetupResponse,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { tags, userData } from './auth.views';
import { completeTwoFactor, enableTotp, resetTotp, setupTotp } from './two-factor.service';

export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
