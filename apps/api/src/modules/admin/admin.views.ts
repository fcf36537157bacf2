// What the team routes share: the id in a path, their permissions, and a member as it leaves
// the server.
import { z } from 'zod';
import type { MemberRow } from './admin.service';

export const idParams = z.object({ id: z.string().uuid('Not found') });
export const READ_TEAM = { ADMIN: 'admins.read', CORPORATE: 'team.read' } as const;
export const MANAGE_TEAM = { ADMIN: 'admins.manage', CORPORATE: 'team.manage' } as const;

export const memberOut = (m: MemberRow) => ({
  id: m.id,
  first_name: m.firstName,
  last_name: m.lastName,
  email: m.email,
  msisdn: m.msisdn,
  status: m.status as 'ACTIVE' | 'INACTIVE',
  role: m.roleId && m.roleName ? { id: m.roleId, name: m.roleName } : null,
  defaultPassword: m.defaultPassword,
  twoFactorMethod: (m.totpEnabledAt ? 'TOTP' : 'EMAIL') as 'TOTP' | 'EMAIL',
  lastLoginAt: m.lastLoginAt?.toISOString() ?? null,
  createdAt: m.createdAt.toISOString(),
});
