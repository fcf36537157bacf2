// The auth module's public surface for other modules: confirming the acting user's password
// before a destructive or money-moving action; onboarding a client with its owner, resetting the
// owner's password; a client's onboarding progress; API keys read for a call (the api-key plugin
// and the vending API's fresh reads).
export {
  type ApiClient,
  authenticateApiKey,
  authenticateApiKeyRemembered,
  type ClientTerms,
} from './api-key-auth.service';
export { authRoutes } from './auth.routes';
export { onboardCorporate, resetOwnerPassword } from './onboarding.service';
export { confirmActingPassword } from './passwords.service';
export { onboardingData } from './registration.service';
export { ensureFirstAdmin, ensureSystemRoles, randomPassword, systemRoleId } from './system-roles.repo';
