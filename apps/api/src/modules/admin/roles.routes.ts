// The permission catalogue and roles of the caller's area (spec §7 Admin): admins over admin
// roles, corporate users over their own corporate's roles.
import {
  ADMIN_PERMISSIONS,
  CORPORATE_PERMISSIONS,
  passwordConfirmBody,
  permissionView,
  roleBody,
  roleUpdateBody,
  roleView,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { notFound } from '../../infra/errors';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { confirmActingPassword } from '../auth';
import {
  catalogueOf,
  createRole,
  deleteRole,
  findRole,
  listRoles,
  scopeOf,
  updateRole,
} from './admin.service';

const idParams = z.object({ id: z.string().uuid('Not found') });
const READ_ROLES = { ADMIN: 'roles.read', CORPORATE: 'team.read' } as const;
const MANAGE_ROLES = { ADMIN: 'roles.manage', CORPORATE: 'team.manage' } as const;

type RoleRow = NonNullable<Awaited<ReturnType<typeof findRole>>>;
const roleOut = (r: RoleRow) => ({
  id: r.id,
  name: r.name,
  description: r.description,
  permissions: r.permissions,
  isSystem: r.isSystem,
  usersCount: r.usersCount,
  createdAt: r.createdAt.toISOString(),
});

export async function rolesRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const roleTags = ['Roles and permissions'];

  r.get(
    '/permissions',
    {
      config: { permission: READ_ROLES },
      schema: {
        tags: roleTags,
        summary: "The permission catalogue of the caller's area",
        response: { 200: successEnvelope(z.array(permissionView)) },
      },
    },
    async (req) => {
      const s = scopeOf(requestContextOf(req));
      const names: Record<string, string> = s.area === 'ADMIN' ? ADMIN_PERMISSIONS : CORPORATE_PERMISSIONS;
      return ok(
        'Permissions retrieved',
        catalogueOf(s).map((name) => ({ name, description: names[name] })),
      );
    },
  );

  r.get(
    '/roles',
    {
      config: { permission: READ_ROLES },
      schema: {
        tags: roleTags,
        summary: 'Roles of the caller’s area or corporate',
        response: { 200: successEnvelope(z.array(roleView)) },
      },
    },
    async (req) =>
      ok('Roles retrieved', (await listRoles(ctx.db, scopeOf(requestContextOf(req)))).map(roleOut)),
  );

  r.get(
    '/roles/:id',
    {
      config: { permission: READ_ROLES },
      schema: {
        tags: roleTags,
        summary: 'One role',
        params: idParams,
        response: { 200: successEnvelope(roleView) },
      },
    },
    async (req) => {
      const role = await findRole(ctx.db, scopeOf(requestContextOf(req)), req.params.id);
      if (!role) throw notFound('Role');
      return ok('Role retrieved', roleOut(role));
    },
  );

  r.post(
    '/roles/create',
    {
      config: { permission: MANAGE_ROLES },
      schema: {
        tags: roleTags,
        summary: 'Create a role',
        body: roleBody,
        response: { 201: successEnvelope(roleView) },
      },
    },
    async (req, reply) => {
      const rc = requestContextOf(req);
      const id = await createRole(ctx.db, rc, req.body);
      const role = await findRole(ctx.db, scopeOf(rc), id);
      return reply.status(201).send(ok('Role created', roleOut(role!)));
    },
  );

  r.put(
    '/roles/update',
    {
      config: { permission: MANAGE_ROLES },
      schema: {
        tags: roleTags,
        summary: 'Update a role',
        body: roleUpdateBody,
        response: { 200: successEnvelope(roleView) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await updateRole(ctx.db, rc, req.body);
      return ok('Role updated', roleOut((await findRole(ctx.db, scopeOf(rc), req.body.id))!));
    },
  );

  r.delete(
    '/roles/:id',
    {
      config: { permission: MANAGE_ROLES },
      schema: {
        tags: roleTags,
        summary: 'Delete a role (password-confirmed)',
        params: idParams,
        body: passwordConfirmBody,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      await deleteRole(ctx.db, rc, req.params.id);
      return ok('Role deleted', null);
    },
  );
}
