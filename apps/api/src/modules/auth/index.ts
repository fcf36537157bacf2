// The auth module's public surface for other modules: confirming the acting user's password
// before a destructive or money-moving action; onboarding a client with its owner, resetting the
// owner's password; a client's onboarding progress. The identity tables (users, roles, sessions,
// codes, API keys) are this module's (scripts/table-owners.mjs): the session behind a token, who to
// notify, the system roles, and the admin's team and role screens read and write them through these.

export { insertUser } from './auth.repo';
export {
  activeUsers,
  adminExists,
  ensureSystemRoles,
  findOpenSession,
  type RecipientChoice,
  roleNameOfUser,
  systemRoleId,
  userArea,
} from './identity.repo';
export { onboardCorporate, resetOwnerPassword } from './onboarding.service';
export { confirmActingPassword } from './passwords.service';
export { onboardingData } from './registration.service';
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
  userEmailTaken,
} from './team.repo';
