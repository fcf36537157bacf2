// A team member's access (spec §7 Admin), each password-confirmed: activating, deactivating,
// deleting, and resetting their authenticator enrolment.
import { passwordConfirmBody, successEnvelope, teamMemberView } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { confirmActingPassword } from '../auth';
import { deleteMember, findMember, resetMemberTwoFactor, scopeOf, setMemberStatus } from './admin.service';
import { idParams, MANAGE_TEAM, memberOut } from './admin.views';

export async function memberAccessRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const teamTags = ['Team and admin users'];

  for (const [verb, status] of [
    ['activate', 'ACTIVE'],
    ['deactivate', 'INACTIVE'],
  ] as const) {
    r.put(
      `/admins/${verb}/:id`,
      {
        config: { permission: MANAGE_TEAM },
        schema: {
          tags: teamTags,
          summary: `${verb === 'activate' ? 'Activate' : 'Deactivate'} a user (password-confirmed)`,
          params: idParams,
          body: passwordConfirmBody,
          response: { 200: successEnvelope(teamMemberView) },
        },
      },
      async (req) => {
        const rc = requestContextOf(req);
        await confirmActingPassword(ctx, rc, req.body.password);
        await setMemberStatus(ctx.db, rc, req.params.id, status);
        return ok(
          verb === 'activate' ? 'User activated' : 'User deactivated',
          memberOut((await findMember(ctx.db, scopeOf(rc), req.params.id))!),
        );
      },
    );
  }

  r.delete(
    '/admins/delete/:id',
    {
      config: { permission: MANAGE_TEAM },
      schema: {
        tags: teamTags,
        summary: 'Delete a user (password-confirmed)',
        params: idParams,
        body: passwordConfirmBody,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      await deleteMember(ctx.db, rc, req.params.id);
      return ok('User deleted', null);
    },
  );

  r.put(
    '/admins/reset-2fa/:id',
    {
      config: { permission: MANAGE_TEAM },
      schema: {
        tags: teamTags,
        summary:
          "Reset a user's authenticator enrolment (password-confirmed); they sign in with emailed codes",
        params: idParams,
        body: passwordConfirmBody,
        response: { 200: successEnvelope(teamMemberView) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      await resetMemberTwoFactor(ctx.db, rc, req.params.id);
      return ok(
        'Two-factor authentication reset. The user signs in with emailed codes until they enrol again.',
        memberOut((await findMember(ctx.db, scopeOf(rc), req.params.id))!),
      );
    },
  );
}
