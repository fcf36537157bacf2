// The admin module's queries. Its team and role screens work on the identity tables, which are
// the auth module's (auth/team.repo.ts, through auth/index.ts); its audit trail reads audit_logs
// through their one writer, plugins/audit.ts (scripts/table-owners.mjs).

export { listAuditLogs as listAudit } from '../../plugins/audit';
export type { MemberRow, Scope } from '../auth';
export {
  countActiveSystemRoleHolders,
  deleteRoleRow,
  findMember,
  findRole,
  insertMember,
  insertRole,
  listMembers,
  listRoles,
  lockMembersOf,
  revokeSessions,
  roleNameTaken,
  updateRoleRow,
  updateUser,
  userEmailTaken as emailTaken,
} from '../auth';
