// The signed-in user's own profile (spec §7 Auth).
import { updateProfileBody } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { tags, userData } from './auth.views';
import { me, updateProfile } from './profile.service';

export async function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
}
