/**
 * Refusals of a verification or a payment the form shows itself (rather than leaving for /403 or
 * /503): a number the provider does not know, a biller not on the account, an inactive client, a
 * biller switched off or without a channel right now.
 */
export const BILL_REFUSALS = [
  'VERIFICATION_FAILED',
  'BILLER_NOT_ASSIGNED',
  'SERVICE_UNAVAILABLE',
  'CLIENT_INACTIVE',
  'PLAN_UNAVAILABLE',
] as const;
