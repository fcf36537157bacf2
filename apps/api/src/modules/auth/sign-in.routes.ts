// Sign-in and the session (spec §7 Auth): login with email and password, logout.
import { loginBody, loginResponse, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { message, tags } from './auth.views';
import { login, logout } from './sign-in.service';

export async function signInRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
