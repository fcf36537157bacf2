export { listAuditLogs as listAudit } from '../../infra/audit';
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
  type MemberRow,
  revokeSessions,
  roleNameTaken,
  type Scope,
  updateRoleRow,
  updateUser,
  userEmailTaken as emailTaken,
} from '../auth';
