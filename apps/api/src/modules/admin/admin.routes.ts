// Roles, permissions, team members (spec §7 Admin) and the audit trail, for both areas.
// The same paths serve admins (over admin users and roles) and corporate users (over their
// own corporate's team), scoped by the caller's area. One registrar per use case.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';
import { auditTrailRoutes } from './audit-trail.routes';
import { memberAccessRoutes } from './member-access.routes';
import { rolesRoutes } from './roles.routes';
import { teamRoutes } from './team.routes';

export async function adminRoutes(app: FastifyInstance, ctx: AppContext) {
  await rolesRoutes(app, ctx);
  await teamRoutes(app, ctx);
  await memberAccessRoutes(app, ctx);
  await auditTrailRoutes(app, ctx);
}
