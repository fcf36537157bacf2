// Vends (spec §7 Transactions): portal, API and bulk vend bodies, the vend and its timeline,
// history filters, the simulator's test numbers and the sandbox (test mode) wallet.
import { z } from 'zod';
import { AMOUNT_LIMITS } from '../amount-limits';
import { nairaAmount } from '../money';
import { cursorQuery, listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { NETWORKS } from '../phone';
import {
  networkSchema,
  PLATFORMS,
  platformSchema,
  SERVICE_TYPES,
  type ServiceType,
  serviceTypeSchema,
  VEND_KINDS,
  vendKindSchema,
} from './catalogue';
import { COMMISSION_MODES } from './commissions';
import { csvFormat, koboInt, phoneField, planCode, vendRequestAmount } from './fields';

export const VEND_STATUSES = ['PENDING', 'SUCCESSFUL', 'FAILED', 'REVERSED'] as const;

export type VendStatus = (typeof VEND_STATUSES)[number];

/** A vend earns its commission unless it did not go through (failed, or reversed). */
export const earnsCommission = (status: string) => status === 'SUCCESSFUL' || status === 'PENDING';

export const VEND_CHANNELS = ['API', 'PORTAL', 'BULK', 'AUTO_TOPUP'] as const;

export type VendChannel = (typeof VEND_CHANNELS)[number];

export const VEND_MODES = ['LIVE', 'TEST'] as const;

export type VendMode = (typeof VEND_MODES)[number];

export const MAX_BULK_ROWS = 500;

/**
 * The simulator's documented test numbers (network must be given: they match no prefix). Any
 * other number succeeds at once. "Requery" is what a later status query answers.
 */
export const SIMULATOR_TEST_NUMBERS = [
  {
    msisdn: '+2348000000001',
    vend: 'SUCCESSFUL',
    requery: 'SUCCESSFUL',
    note: 'Always succeeds (as any ordinary number does)',
  },
  {
    msisdn: '+2348000000002',
    vend: 'FAILED',
    requery: 'FAILED',
    note: 'Always fails definitively: the debit is reversed at once',
  },
  {
    msisdn: '+2348000000003',
    vend: 'PENDING',
    requery: 'SUCCESSFUL',
    note: 'Pending, then succeeds on requery',
  },
  {
    msisdn: '+2348000000004',
    vend: 'PENDING',
    requery: 'FAILED',
    note: 'Pending, then fails on requery (debit reversed then)',
  },
  {
    msisdn: '+2348000000005',
    vend: 'TIMEOUT',
    requery: 'SUCCESSFUL',
    note: 'No answer (timeout); the vend did go through',
  },
  {
    msisdn: '+2348000000006',
    vend: 'TIMEOUT',
    requery: 'FAILED',
    note: 'No answer (timeout); the provider later says it failed',
  },
  { msisdn: '+2348000000007', vend: 'PENDING', requery: 'PENDING', note: 'Stays pending on every requery' },
  {
    msisdn: '+2348000000008',
    vend: 'FAILED on VTU, SUCCESSFUL elsewhere',
    requery: 'as the vend',
    note: 'Exercises fallback from the VTU platform to the next one',
  },
  {
    msisdn: '+2348000000009',
    vend: 'TIMEOUT',
    requery: 'NOT_FOUND',
    note: 'The request never reached the provider: failed once the not-found grace period has passed',
  },
] as const;

export const vendReference = z
  .string({ error: 'Reference is required' })
  .trim()
  .min(1, 'Reference is required')
  .max(64, 'Reference must be at most 64 characters')
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'References use letters, digits, dot, colon, dash and underscore');

const vendFields = {
  phone: phoneField,
  network: networkSchema
    .optional()
    .describe(
      'Defaults to the network suggested by the number prefix (numbers are ported: name it if you know)',
    ),
  type: serviceTypeSchema,
  amount: vendRequestAmount('Amount')
    .optional()
    .describe('Airtime: naira with at most two decimals, e.g. "500" or 500.5'),
  planCode: planCode.optional().describe('Data: a plan code from the data-plan catalogue'),
};

/** The amount-or-plan rules of a vend's body (also a subscriber's). */
export const vendRefine = <T extends { type: ServiceType; amount?: number; planCode?: string }>(
  b: T,
  ctx: z.RefinementCtx,
) => {
  if (b.type === 'AIRTIME' && b.amount === undefined)
    ctx.addIssue({ code: 'custom', message: 'Amount is required for airtime', path: ['amount'] });
  if (b.type === 'AIRTIME' && b.planCode !== undefined)
    ctx.addIssue({ code: 'custom', message: 'Airtime takes an amount, not a plan', path: ['planCode'] });
  if (b.type === 'DATA' && !b.planCode)
    ctx.addIssue({ code: 'custom', message: 'Choose a data plan', path: ['planCode'] });
  if (b.type === 'DATA' && b.amount !== undefined)
    ctx.addIssue({
      code: 'custom',
      message: 'Data is priced by its plan; leave amount out',
      path: ['amount'],
    });
};

/** The vending API: the client's reference makes the call idempotent. */
export const apiVendBody = z
  .object({
    reference: vendReference.describe(
      'Your unique reference. Retrying with the same reference and body returns the original result; another body is refused (409).',
    ),
    ...vendFields,
  })
  .superRefine(vendRefine);

export type ApiVendBody = z.input<typeof apiVendBody>;

/** The portal's vend: a reference is generated when none is given. */
export const portalVendBody = z
  .object({ reference: vendReference.optional(), ...vendFields })
  .superRefine(vendRefine);

export const bulkVendBody = z.object({
  csv: z
    .string({ error: 'Upload a CSV file' })
    .min(1, 'The CSV file is empty')
    .max(256 * 1024, 'The CSV file is too large')
    .describe(
      'Header row then one vend per row: phone,network,type,amount,planCode,reference (network, amount/planCode and reference as applicable)',
    ),
  batchReference: vendReference
    .optional()
    .describe('Makes the whole upload idempotent: rows without a reference get <batchReference>-<row>'),
});

export const vendEventView = z.object({
  type: z.string(),
  status: z.string().nullable(),
  provider: z.string().nullable(),
  outcome: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});

export type VendEventView = z.infer<typeof vendEventView>;

export const vendView = z.object({
  id: z.string(),
  code: z.string().describe('Readable id, VND-...'),
  reference: z.string(),
  mode: z.enum(VEND_MODES).describe('TEST vends use the sandbox wallet and the simulator only'),
  channel: z.enum(VEND_CHANNELS),
  status: z.enum(VEND_STATUSES),
  phone: z.string(),
  network: z.enum(NETWORKS),
  type: z.enum(SERVICE_TYPES),
  platform: z.enum(PLATFORMS),
  planCode: z.string().nullable(),
  planName: z.string().nullable(),
  amountKobo: koboInt,
  amount: z.string(),
  chargedKobo: koboInt.describe('What the wallet was debited'),
  charged: z.string(),
  commissionKobo: koboInt,
  commission: z.string(),
  commissionMode: z.enum(COMMISSION_MODES),
  failureReason: z
    .string()
    .nullable()
    .describe(
      'Why the vend did not deliver, in fixed words: "The number cannot receive this", "The number was recharged moments ago; try again in a few minutes", "The network is not responding", "This plan is not available" (FAILED), "Refunded" (REVERSED); null otherwise',
    ),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
});

export type VendView = z.infer<typeof vendView>;

/** Portal and admin screens list bills too (issue 51): there `network` is a biller's code for a bill. */
const anyKind = {
  network: z.string().describe("The network, or a bill's biller code (IKEDC, DSTV, ...)"),
  type: z.enum(VEND_KINDS),
};

/** A vend as the portal's screens show it: airtime, data or a bill (not the public API's vendView). */
export const portalVendView = vendView.extend(anyKind);

export type PortalVendView = z.infer<typeof portalVendView>;

export const adminVendView = vendView.extend({
  ...anyKind,
  corporateId: z.string(),
  corporateName: z.string(),
  clientType: z.string(),
  provider: z.string().nullable(),
  route: z.string().nullable(),
  providerReference: z.string().nullable(),
  vtuLineId: z.string().nullable(),
  reversalReason: z.string().nullable(),
  /** The provider's own answer for a failed vend (admins only; clients read failureReason). */
  providerReason: z.string().nullable(),
});

export type AdminVendView = z.infer<typeof adminVendView>;

/**
 * A bill's facts on a history row (issue 51): who was paid, for whom, and the token masked
 * (****1234: lists never carry it in full); null on an airtime or data row.
 */
export const vendRowBill = z
  .object({
    biller: z.string().describe("The biller's code (IKEDC, DSTV, ...)"),
    billerName: z.string(),
    customerNumber: z.string().describe('The meter, smartcard or IUC number'),
    customerName: z.string().nullable().describe('The name the biller verified'),
    meterType: z.string().nullable(),
    bouquetName: z.string().nullable(),
    token: z.string().nullable().describe('Masked: ****1234'),
    units: z.string().nullable(),
    receiptReference: z.string().nullable(),
  })
  .nullable();

export type VendRowBill = z.infer<typeof vendRowBill>;

/** A row of the client's vending history: the vend, and its bill's facts when it is a bill. */
export const portalVendListItem = portalVendView.extend({ bill: vendRowBill });
export type PortalVendListItem = z.infer<typeof portalVendListItem>;

/** A row of the admins' vending list. */
export const adminVendListItem = adminVendView.extend({ bill: vendRowBill });
export type AdminVendListItem = z.infer<typeof adminVendListItem>;

/** One request of the vend to a real upstream (the simulator's calls are on the timeline only). */
export const vendAttemptView = z.object({
  position: z.number().int().describe("The index of the step in the vend's route"),
  provider: z.string().describe('VTPASS or RELOADLY'),
  status: z.enum(['SENT', 'SUCCESSFUL', 'FAILED', 'UNKNOWN', 'NOT_FOUND', 'REVERSED']),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** Admins only (null for clients): what was sent and what came back. */
  platform: z.string().nullable(),
  requestId: z.string().nullable(),
  providerReference: z.string().nullable(),
  failureKind: z.string().nullable(),
  message: z.string().nullable(),
  durationMs: z.number().nullable(),
  requeryCount: z.number().nullable(),
  raw: z.unknown().nullable(),
});

export type VendAttemptView = z.infer<typeof vendAttemptView>;

export const vendDetailView = vendView.extend({
  ...anyKind,
  corporateId: z.string(),
  corporateName: z.string(),
  events: z
    .array(vendEventView)
    .describe('The timeline: creation, provider calls, status changes, reversal, webhook deliveries'),
  attempts: z.array(vendAttemptView).describe('The requests to upstream providers, in route order'),
  /** Internal routing facts, for admins only (null for clients). */
  admin: z
    .object({
      clientType: z.string(),
      provider: z.string().nullable(),
      route: z.string().nullable(),
      providerReference: z.string().nullable(),
      vtuLineId: z.string().nullable(),
      reversalReason: z.string().nullable(),
      providerReason: z.string().nullable(),
    })
    .nullable(),
});

export type VendDetailView = z.infer<typeof vendDetailView>;

export const vendListQuery = listFilters.extend({
  ...cursorQuery.shape,
  status: z.enum(VEND_STATUSES).optional(),
  network: networkSchema.optional(),
  networkType: networkSchema.optional().describe('Alias of network'),
  vendType: vendKindSchema.optional(),
  transactionType: vendKindSchema.optional().describe('Alias of vendType'),
  serviceType: vendKindSchema.optional().describe('Alias of vendType'),
  service: z.string().uuid('Unknown service').optional().describe('A service id'),
  platform: platformSchema.optional(),
  channel: z.enum(VEND_CHANNELS).optional(),
  mode: z
    .enum(VEND_MODES)
    .default('LIVE')
    .describe('LIVE by default: test vends are never mixed into live reports'),
  format: csvFormat,
});

export const adminVendListQuery = vendListQuery.extend({
  clientType: z.enum(['PREPAID', 'POSTPAID', 'POSTPAID_PLUS']).optional(),
  corporateId: z.string().uuid().optional(),
});

export const vendQueryBody = z.object({ vendId: z.string().trim().min(1, 'Choose a vend').max(64) });

export const vendReverseBody = z.object({
  password: confirmPassword,
  reason: z.string({ error: 'Please enter your reason' }).trim().min(1, 'Please enter your reason').max(500),
});

export const bulkRowResult = z.object({
  row: z.number().int(),
  reference: z.string(),
  phone: z.string().nullable(),
  ok: z.boolean(),
  code: z.string().nullable().describe('Error code when the row was not vended'),
  message: z.string(),
  vend: vendView.nullable(),
});

export const bulkVendResult = z.object({
  rows: z.array(bulkRowResult),
  total: z.number().int(),
  successful: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
});

export type BulkRowResult = z.infer<typeof bulkRowResult>;

export type BulkVendResult = z.infer<typeof bulkVendResult>;

export const SANDBOX_TOP_UP_MAX_KOBO = AMOUNT_LIMITS.sandboxTopUp.maxKobo;

export const sandboxFundBody = z.object({
  amount: nairaAmount({
    min: AMOUNT_LIMITS.sandboxTopUp.minKobo,
    max: SANDBOX_TOP_UP_MAX_KOBO,
    label: 'Amount',
  }).describe('Test money to add to the sandbox wallet, in naira'),
});

export const sandboxBalanceView = z.object({ sandboxBalanceKobo: koboInt, sandboxBalance: z.string() });
