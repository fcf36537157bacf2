// One key factory for the team screens: members, roles and the permission catalogue of the
// caller's area (the same endpoints answer for admins and for a client's team).
export type MemberFilters = {
  page: number;
  limit: number;
  search?: string;
  status?: string;
  roleId?: string;
};

export const teamKeys = {
  all: ['team'] as const,
  members: (f: MemberFilters) => [...teamKeys.all, 'members', f] as const,
  member: (id: string) => [...teamKeys.all, 'member', id] as const,
  roles: () => [...teamKeys.all, 'roles'] as const,
  role: (id: string) => [...teamKeys.all, 'role', id] as const,
  permissions: () => [...teamKeys.all, 'permissions'] as const,
};
