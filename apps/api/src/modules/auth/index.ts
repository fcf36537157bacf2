// The auth module's public surface for other modules: confirming the acting user's password
// before a destructive or money-moving action; onboarding a client with its owner, resetting the
// owner's password; a client's onboarding progress.
export { onboardCorporate, resetOwnerPassword } from './onboarding.service';
export { confirmActingPassword } from './passwords.service';
export { onboardingData } from './registration.service';
