// Late truths and provider reconciliation (issue 49): the review queue of discrepancies, their
// resolution, and the reconciliation runs with their mismatches.
import { z } from 'zod';
import { listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { csvFormat, koboInt } from './fields';

export const DISCREPANCY_KINDS = [
  'DELIVERED_AFTER_REFUND',
  'REFUNDED_AFTER_SUCCESS',
  'MISSING_AT_PROVIDER',
  'AMOUNT_MISMATCH',
  'MISSING_AT_US',
] as const;
export type DiscrepancyKindName = (typeof DISCREPANCY_KINDS)[number];

export const DISCREPANCY_KIND_LABELS: Record<DiscrepancyKindName, string> = {
  DELIVERED_AFTER_REFUND: 'Delivered after we refunded it',
  REFUNDED_AFTER_SUCCESS: 'Refunded by the provider after we settled it successful',
  MISSING_AT_PROVIDER: 'Settled successful, but missing from the provider’s report',
  AMOUNT_MISMATCH: 'The provider’s amount differs from ours',
  MISSING_AT_US: 'The provider charged for a transaction no vend of ours pays for',
};

export const DISCREPANCY_SOURCES = ['REQUERY', 'CALLBACK', 'MANUAL_REQUERY', 'RECONCILIATION'] as const;
export const DISCREPANCY_STATUSES = ['OPEN', 'RESOLVED'] as const;
export const RESOLVE_ACTIONS = ['CHARGE_AGAIN', 'WRITE_OFF', 'REVERSE', 'DISMISS'] as const;
export type ResolveActionName = (typeof RESOLVE_ACTIONS)[number];

/** What each kind may be resolved with (the server enforces the same table). */
export const RESOLVE_ACTIONS_OF: Record<DiscrepancyKindName, readonly ResolveActionName[]> = {
  DELIVERED_AFTER_REFUND: ['CHARGE_AGAIN', 'WRITE_OFF', 'DISMISS'],
  REFUNDED_AFTER_SUCCESS: ['REVERSE', 'DISMISS'],
  MISSING_AT_PROVIDER: ['REVERSE', 'DISMISS'],
  AMOUNT_MISMATCH: ['DISMISS'],
  MISSING_AT_US: ['DISMISS'],
};

export const RESOLVE_ACTION_LABELS: Record<ResolveActionName, string> = {
  CHARGE_AGAIN: 'Charge the client again',
  WRITE_OFF: 'Write off to platform loss',
  REVERSE: 'Reverse the vend',
  DISMISS: 'Dismiss',
};

export const RECONCILED_PROVIDER_IDS = ['RELOADLY', 'VTPASS', 'SIMULATOR'] as const;

export const discrepancyListQuery = listFilters.extend({
  status: z.enum(DISCREPANCY_STATUSES).optional(),
  kind: z.enum(DISCREPANCY_KINDS).optional(),
  provider: z.enum(RECONCILED_PROVIDER_IDS).optional(),
  source: z.enum(DISCREPANCY_SOURCES).optional(),
  reconciliationId: z.string().uuid('Unknown reconciliation run').optional(),
  format: csvFormat,
});

export const discrepancyParams = z.object({ id: z.string().uuid('Unknown discrepancy') });

export const discrepancyResolveBody = z.object({
  action: z.enum(RESOLVE_ACTIONS, { error: 'Choose how to resolve it' }),
  note: z.string().trim().max(500).optional(),
  password: confirmPassword,
});

export const discrepancyView = z.object({
  id: z.string(),
  kind: z.enum(DISCREPANCY_KINDS),
  source: z.enum(DISCREPANCY_SOURCES),
  provider: z.string(),
  status: z.enum(DISCREPANCY_STATUSES),
  vendId: z.string().nullable(),
  vendCode: z.string().nullable(),
  vendStatus: z.string().nullable(),
  msisdn: z.string().nullable(),
  corporateId: z.string().nullable(),
  corporateName: z.string().nullable(),
  reconciliationId: z.string().nullable(),
  ourStatus: z.string().nullable(),
  ourAmountKobo: koboInt.nullable(),
  providerStatus: z.string(),
  providerAmountKobo: koboInt.nullable(),
  providerReference: z.string().nullable(),
  providerMessage: z.string().nullable(),
  actions: z.array(z.enum(RESOLVE_ACTIONS)).describe('The resolutions this discrepancy allows while OPEN'),
  resolution: z.string().nullable(),
  resolutionNote: z.string().nullable(),
  resolutionTransferId: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type DiscrepancyView = z.infer<typeof discrepancyView>;

export const openDiscrepanciesView = z.object({
  total: z.number().int(),
  byProvider: z.array(z.object({ provider: z.string(), open: z.number().int() })),
});

export type OpenDiscrepanciesView = z.infer<typeof openDiscrepanciesView>;

export const reconciliationRunBody = z.object({
  provider: z.enum(RECONCILED_PROVIDER_IDS, { error: 'Choose a provider' }),
  day: z.iso.date({ error: 'Use a real date in the format YYYY-MM-DD' }),
});

export const reconciliationListQuery = listFilters.extend({
  provider: z.enum(RECONCILED_PROVIDER_IDS).optional(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']).optional(),
});

export const reconciliationParams = z.object({ id: z.string().uuid('Unknown reconciliation run') });

export const reconciliationFinding = z.object({
  kind: z.enum(DISCREPANCY_KINDS),
  vendId: z.string().nullable(),
  code: z.string().nullable(),
  requestId: z.string().nullable(),
  ourStatus: z.string().nullable(),
  providerStatus: z.string(),
  ourAmountKobo: koboInt.nullable(),
  providerAmountKobo: koboInt.nullable(),
  providerReference: z.string().nullable(),
  discrepancyId: z.string().nullable(),
  raised: z.boolean(),
});

export const reconciliationView = z.object({
  id: z.string(),
  provider: z.string(),
  day: z.string(),
  status: z.enum(['RUNNING', 'DONE', 'FAILED']),
  ourCount: z.number().int(),
  ourDeliveredCount: z.number().int(),
  ourDebitedKobo: koboInt,
  ourCommissionKobo: koboInt,
  providerCount: z.number().int(),
  providerDeliveredCount: z.number().int(),
  providerChargedKobo: koboInt,
  providerDiscountKobo: koboInt,
  matched: z.number().int(),
  mismatches: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ReconciliationView = z.infer<typeof reconciliationView>;

export const reconciliationDetailView = reconciliationView.extend({
  findings: z.array(reconciliationFinding),
});

export type ReconciliationDetailView = z.infer<typeof reconciliationDetailView>;
export type ReconciliationFindingView = z.infer<typeof reconciliationFinding>;

export const reconciliationFindingsQuery = z.object({ format: csvFormat });
