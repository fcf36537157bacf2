// Team members (spec §7 Admin): admin users for admins, a corporate's own team for corporate
// users, scoped by the caller's area: the list, one member, creating and updating one.
import {
  paginated,
  successEnvelope,
  teamListQuery,
  teamMemberCreateBody,
  teamMemberUpdateBody,
  teamMemberView,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { notFound } from '../../infra/errors';
import { ok, page } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { createMember, findMember, listMembers, scopeOf, updateMember } from './admin.service';
import { idParams, MANAGE_TEAM, memberOut, READ_TEAM } from './admin.views';

export async function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const teamTags = ['Team and admin users'];

  r.get(
    '/admins/list',
    {
      config: { permission: READ_TEAM },
      schema: {
        tags: teamTags,
        summary: 'Admin users (admins) or team members (corporates)',
        querystring: teamListQuery,
        response: { 200: paginated(teamMemberView) },
      },
    },
    async (req) => {
      const { rows, total } = await listMembers(ctx.db, scopeOf(requestContextOf(req)), req.query);
      return page('Users retrieved', rows.map(memberOut), total, req.query.page, req.query.limit);
    },
  );

  r.get(
    '/admins/:id',
    {
      config: { permission: READ_TEAM },
      schema: {
        tags: teamTags,
        summary: 'One user of the team',
        params: idParams,
        response: { 200: successEnvelope(teamMemberView) },
      },
    },
    async (req) => {
      const m = await findMember(ctx.db, scopeOf(requestContextOf(req)), req.params.id);
      if (!m) throw notFound('User');
      return ok('User retrieved', memberOut(m));
    },
  );

  r.post(
    '/admins/create',
    {
      config: { permission: MANAGE_TEAM },
      schema: {
        tags: teamTags,
        summary: 'Create a user; a temporary password is emailed',
        body: teamMemberCreateBody,
        response: { 201: successEnvelope(teamMemberView) },
      },
    },
    async (req, reply) => {
      const rc = requestContextOf(req);
      const s = scopeOf(rc);
      const id = await createMember(ctx, rc, req.body);
      return reply
        .status(201)
        .send(
          ok(
            'User created. A temporary password has been emailed.',
            memberOut((await findMember(ctx.db, s, id))!),
          ),
        );
    },
  );

  r.put(
    '/admins/update',
    {
      config: { permission: MANAGE_TEAM },
      schema: {
        tags: teamTags,
        summary: 'Update a user',
        body: teamMemberUpdateBody,
        response: { 200: successEnvelope(teamMemberView) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      const s = scopeOf(rc);
      await updateMember(ctx.db, rc, req.body);
      return ok('User updated', memberOut((await findMember(ctx.db, s, req.body.id))!));
    },
  );
}
