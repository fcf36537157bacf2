// The auth module's public surface for other modules: confirming the acting user's password
// before a destructive or money-moving action; onboarding a client with its owner, resetting the
// owner's password; a client's onboarding progress; API keys read for a call (the api-key plugin
// and the vending API's fresh reads); sessions, users and roles (auth owns the identity tables:
// the admin module's team and role screens, notifications' recipients and the audit writer ask
// here); the system roles and the first admin that seed.ts creates.
export {
  type ApiClient,
  authenticateApiKey,
  authenticateApiKeyRemembered,
  type ClientTerms,
} from './api-key-auth.service';
export { apiKeyLabels } from './api-keys.service';
export { findUserById, insertUser } from './auth.repo';
export { authRoutes } from './auth.routes';
export { findOpenSession } from './identity.repo';
export { onboardCorporate, resetOwnerPassword } from './onboarding.service';
export { confirmActingPassword } from './passwords.service';
export { onboardingData } from './registration.service';
export { ensureFirstAdmin, ensureSystemRoles, randomPassword, systemRoleId } from './system-roles.repo';
export {
  countActiveSystemRoleHolders,
  deleteRoleRow,
  findMember,
  findRole,
  identityNamesOf,
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
