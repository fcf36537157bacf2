// Roles, permissions, team members (spec §7 Admin) and the audit trail, for both areas.
// The same paths serve admins (over admin users and roles) and corporate users (over their
// own corporate's team), scoped by the caller's area.
import {
  ADMIN_PERMISSIONS,
  auditActionLabel,
  auditQuery,
  auditTargetLabel,
  auditView,
  CORPORATE_PERMISSIONS,
  paginated,
  passwordConfirmBody,
  permissionView,
  roleBody,
  roleUpdateBody,
  roleView,
  successEnvelope,
  teamListQuery,
  teamMemberCreateBody,
  teamMemberUpdateBody,
  teamMemberView,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { CSV_EXPORT_LIMIT, sendCsv, toCsv } from '../../lib/csv';
import { notFound } from '../../lib/errors';
import { ok, page } from '../../lib/http';
import { lagosDayEnd, lagosDayStart } from '../../lib/lagos-time';
import { requestContextOf } from '../../lib/request-context';
import { authOf, dataScopeOf } from '../../plugins/access';
import { audit } from '../../plugins/audit';
import { confirmActingPassword } from '../auth';
import {
  catalogueOf,
  createMember,
  createRole,
  deleteMember,
  deleteRole,
  findMember,
  findRole,
  listAudit,
  listMembers,
  listRoles,
  type MemberRow,
  resetMemberTwoFactor,
  scopeOf,
  setMemberStatus,
  updateMember,
  updateRole,
} from './admin.service';

const idParams = z.object({ id: z.string().uuid('Not found') });
const READ_ROLES = { ADMIN: 'roles.read', CORPORATE: 'team.read' } as const;
const MANAGE_ROLES = { ADMIN: 'roles.manage', CORPORATE: 'team.manage' } as const;
const READ_TEAM = { ADMIN: 'admins.read', CORPORATE: 'team.read' } as const;
const MANAGE_TEAM = { ADMIN: 'admins.manage', CORPORATE: 'team.manage' } as const;

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
const memberOut = (m: MemberRow) => ({
  id: m.id,
  first_name: m.firstName,
  last_name: m.lastName,
  email: m.email,
  msisdn: m.msisdn,
  status: m.status as 'ACTIVE' | 'INACTIVE',
  role: m.roleId && m.roleName ? { id: m.roleId, name: m.roleName } : null,
  defaultPassword: m.defaultPassword,
  lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
  createdAt: m.createdAt.toISOString(),
});

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const roleTags = ['Roles and permissions'];
  const teamTags = ['Team and admin users'];

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
      const s = scopeOf(authOf(req));
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
    async (req) => ok('Roles retrieved', (await listRoles(ctx.db, scopeOf(authOf(req)))).map(roleOut)),
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
      const role = await findRole(ctx.db, scopeOf(authOf(req)), req.params.id);
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
      const s = scopeOf(authOf(req));
      const id = await createRole(ctx.db, s, authOf(req), req.body);
      await audit(ctx.db, req, {
        action: 'role.create',
        targetType: 'role',
        targetId: id,
        summary: { name: req.body.name, permissions: req.body.permissions },
      });
      const role = await findRole(ctx.db, s, id);
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
      const s = scopeOf(authOf(req));
      await updateRole(ctx.db, s, authOf(req), req.body);
      await audit(ctx.db, req, {
        action: 'role.update',
        targetType: 'role',
        targetId: req.body.id,
        summary: { name: req.body.name, permissions: req.body.permissions },
      });
      return ok('Role updated', roleOut((await findRole(ctx.db, s, req.body.id))!));
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
      const me = authOf(req);
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const role = await deleteRole(ctx.db, scopeOf(me), req.params.id);
      await audit(ctx.db, req, {
        action: 'role.delete',
        targetType: 'role',
        targetId: req.params.id,
        summary: { name: role.name },
      });
      return ok('Role deleted', null);
    },
  );

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
      const { rows, total } = await listMembers(ctx.db, scopeOf(authOf(req)), req.query);
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
      const m = await findMember(ctx.db, scopeOf(authOf(req)), req.params.id);
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
      const s = scopeOf(authOf(req));
      const id = await createMember(ctx, s, authOf(req), req.body);
      await audit(ctx.db, req, {
        action: 'user.create',
        targetType: 'user',
        targetId: id,
        summary: { email: req.body.email, roleId: req.body.roleId },
      });
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
      const me = authOf(req);
      const s = scopeOf(me);
      await updateMember(ctx.db, s, me, req.body);
      await audit(ctx.db, req, {
        action: 'user.update',
        targetType: 'user',
        targetId: req.body.id,
        summary: { ...req.body },
      });
      return ok('User updated', memberOut((await findMember(ctx.db, s, req.body.id))!));
    },
  );

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
        const me = authOf(req);
        await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
        const s = scopeOf(me);
        const m = await setMemberStatus(ctx.db, s, me, req.params.id, status);
        await audit(ctx.db, req, {
          action: `user.${verb}`,
          targetType: 'user',
          targetId: req.params.id,
          summary: { email: m.email },
        });
        return ok(
          verb === 'activate' ? 'User activated' : 'User deactivated',
          memberOut((await findMember(ctx.db, s, req.params.id))!),
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
      const me = authOf(req);
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const m = await deleteMember(ctx.db, scopeOf(me), me, req.params.id);
      await audit(ctx.db, req, {
        action: 'user.delete',
        targetType: 'user',
        targetId: req.params.id,
        summary: { email: m.email },
      });
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
      const me = authOf(req);
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const s = scopeOf(me);
      const m = await resetMemberTwoFactor(ctx.db, s, me, req.params.id);
      await audit(ctx.db, req, {
        action: 'user.2fa.reset',
        targetType: 'user',
        targetId: req.params.id,
        summary: { email: m.email },
      });
      return ok(
        'Two-factor authentication reset. The user signs in with emailed codes until they enrol again.',
        memberOut((await findMember(ctx.db, s, req.params.id))!),
      );
    },
  );

  r.get(
    '/audit-trails',
    {
      config: { permission: { ADMIN: 'audit.read', CORPORATE: 'team.audit.read' } },
      schema: {
        tags: ['Audit'],
        summary: 'The audit trail; corporate users see only their corporate',
        querystring: auditQuery,
        response: { 200: paginated(auditView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const csv = q.format === 'csv';
      const scope = dataScopeOf(req);
      const { rows, total } = await listAudit(ctx.db, scope, {
        ...q,
        // A client's scope is its own corporate whatever it asks for.
        client: scope === null ? q.corporateId : undefined,
        from: q.startDate ? lagosDayStart(q.startDate) : undefined,
        to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
        page: csv ? 1 : q.page,
        limit: csv ? CSV_EXPORT_LIMIT : q.limit,
      });
      if (csv) return sendCsv(reply, 'audit-trail.csv', toCsv(AUDIT_CSV_COLUMNS, rows));
      return page(
        'Audit trail retrieved',
        rows.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
        total,
        q.page,
        q.limit,
      );
    },
  );
}

type AuditRow = Awaited<ReturnType<typeof listAudit>>['rows'][number];
const AUDIT_CSV_COLUMNS: Array<[string, (r: AuditRow) => unknown]> = [
  ['Date (Lagos)', (r) => r.createdAt],
  ['Actor', (r) => r.actorName],
  ['Actor email', (r) => r.actorEmail],
  ['Role', (r) => r.actorRole],
  ['Action', (r) => auditActionLabel(r.action)],
  ['Action code', (r) => r.action],
  ['Target type', (r) => (r.targetType ? auditTargetLabel(r.targetType) : '')],
  ['Target', (r) => r.targetId],
  ['IP address', (r) => r.ip],
  ['User agent', (r) => r.userAgent],
  ['Change summary', (r) => JSON.stringify(r.summary)],
];
