// The two areas share the team screens; the area decides the paths and the permissions that show
// each action (the server checks them again): admins.* and roles.* for platform staff, team.*
// for a client's own team.

import { usePermissions } from '@/lib/permissions';
import { useSession } from '@/lib/session';

export function useTeamArea() {
  const { user } = useSession();
  const { can } = usePermissions();
  const admin = user?.area === 'ADMIN';
  const base = admin ? '/admin-dashboard/admin-management' : '/dashboard/admin-management';
  return {
    admin,
    myId: user?.id ?? '',
    base,
    rolePath: (id: string) => `${base}/view-role/${id}`,
    memberPath: (id: string) => `${base}/view-member/${id}`,
    editRolePath: (id: string) => `${base}/edit-role/${id}`,
    createRolePath: `${base}/create-role`,
    rolesListPath: `${base}?tab=roles`,
    canReadMembers: can(admin ? 'admins.read' : 'team.read'),
    canManageMembers: can(admin ? 'admins.manage' : 'team.manage'),
    canReadRoles: can(admin ? 'roles.read' : 'team.read'),
    canManageRoles: can(admin ? 'roles.manage' : 'team.manage'),
    membersWord: admin ? 'admin users' : 'team members',
  };
}
