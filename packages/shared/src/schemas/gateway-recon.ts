// The admin's gateway reconciliation (issue 50): the runs of the sweep against Paystack and the
// discrepancies it raised, each resolvable once by a password-confirmed action.
import { z } from 'zod';
import { confirmPassword } from '../password';
import { koboInt } from './fields';

export const GATEWAY_DISCREPANCY_KINDS = [
  'UNCREDITED',
  'NO_PAYMENT',
  'AMOUNT_MISMATCH',
  'CURRENCY_MISMATCH',
  'UNKNOWN_CUSTOMER',
  'UNKNOWN_REFERENCE',
] as const;
export const GATEWAY_DISCREPANCY_ACTIONS = ['CREDIT', 'REFUND', 'WRITE_OFF'] as const;

/** What each kind means, in the words the admin's screen shows. */
export const GATEWAY_DISCREPANCY_LABELS: Record<(typeof GATEWAY_DISCREPANCY_KINDS)[number], string> = {
  UNCREDITED: 'Paid at Paystack, not credited',
  NO_PAYMENT: 'Credited, no payment at Paystack',
  AMOUNT_MISMATCH: 'Amounts differ',
  CURRENCY_MISMATCH: 'Currency differs',
  UNKNOWN_CUSTOMER: 'Unknown Paystack customer',
  UNKNOWN_REFERENCE: 'Reference not ours',
};
export const GATEWAY_ACTION_LABELS: Record<(typeof GATEWAY_DISCREPANCY_ACTIONS)[number], string> = {
  CREDIT: 'Credit the client',
  REFUND: 'Refund at Paystack',
  WRITE_OFF: 'Write off',
};

export const gatewayReconRunView = z.object({
  id: z.string(),
  kind: z.enum(['SWEEP', 'DAILY']),
  windowFrom: z.string(),
  windowTo: z.string(),
  status: z.string(),
  paystackCount: z.number().int(),
  paystackTotalKobo: koboInt,
  oursCount: z.number().int(),
  oursTotalKobo: koboInt,
  differenceKobo: z.number().int(),
  creditedCount: z.number().int(),
  discrepancyCount: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type GatewayReconRunView = z.infer<typeof gatewayReconRunView>;

export const gatewayDiscrepancyView = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.string(),
  reference: z.string(),
  channel: z.string().nullable(),
  corporateId: z.string().nullable(),
  corporateName: z.string().nullable(),
  paystackAmountKobo: z.number().int().nullable(),
  paystackCurrency: z.string().nullable(),
  oursAmountKobo: z.number().int().nullable(),
  heldKobo: z.number().int(),
  detail: z.string(),
  status: z.enum(['OPEN', 'RESOLVED']),
  resolution: z.enum(GATEWAY_DISCREPANCY_ACTIONS).nullable(),
  resolvedAmountKobo: z.number().int().nullable(),
  note: z.string().nullable(),
  actions: z.array(z.enum(GATEWAY_DISCREPANCY_ACTIONS)),
  createdAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type GatewayDiscrepancyView = z.infer<typeof gatewayDiscrepancyView>;

export const gatewayReconciliationView = z.object({
  runs: z.array(gatewayReconRunView),
  discrepancies: z.array(gatewayDiscrepancyView),
});
export type GatewayReconciliationView = z.infer<typeof gatewayReconciliationView>;

export const gatewayReconQuery = z.object({
  status: z.enum(['OPEN', 'RESOLVED']).optional(),
  format: z.enum(['json', 'csv']).optional(),
});

export const gatewayDiscrepancyResolveBody = z.object({
  action: z.enum(GATEWAY_DISCREPANCY_ACTIONS, 'Choose how to resolve it'),
  note: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
  corporate_id: z.uuid('Unknown client').optional(),
  password: confirmPassword,
});
