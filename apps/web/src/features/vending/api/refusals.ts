/**
 * Refusals of a vend that the API answers with 403 or 503 (a service not on the account, an
 * inactive client, no channel right now): the form shows them instead of leaving for /403 or /503.
 */
export const VEND_REFUSALS = ['SERVICE_UNAVAILABLE', 'CLIENT_INACTIVE'] as const;
