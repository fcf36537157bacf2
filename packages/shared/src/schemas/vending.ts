// Vending: the service catalogue, data plans, VTU lines, vends, commissions, the client's IP
// allow-list and webhook (spec §7 Transactions, VTU, Services, Settings). Amounts come in as naira
// (at most two decimals) and leave as integer kobo with a formatted naira string beside each.
import { z } from 'zod';
import { formatNaira, nairaAmount } from '../money';
import { listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { NETWORKS, normaliseMsisdn } from '../phone';

export const SERVICE_TYPES = ['AIRTIME', 'DATA'] as const;
export type ServiceType = (typeof SERVICE_TYPES)[number];
/** Upstream channels a vend can go through: an aggregator's API, or the platform's VTU lines. */
export const PLATFORMS = ['AGGREGATOR', 'VTU'] as const;
export type Platform = (typeof PLATFORMS)[number];
/** Platforms (and the providers behind them, which share their names) as people say them. */
const PLATFORM_LABELS: Record<string, string> = {
  AGGREGATOR: 'Aggregator API',
  VTU: 'VTU lines',
  SANDBOX: 'Sandbox simulator',
};
export const platformLabel = (p: string) => PLATFORM_LABELS[p] ?? p;
export const CATALOGUE_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type CatalogueStatus = (typeof CATALOGUE_STATUSES)[number];
export const VEND_STATUSES = ['PENDING', 'SUCCESSFUL', 'FAILED', 'REVERSED'] as const;
export type VendStatus = (typeof VEND_STATUSES)[number];
/** A vend earns its commission unless it did not go through (failed, or reversed). */
export const earnsCommission = (status: string) => status === 'SUCCESSFUL' || status === 'PENDING';
export const VEND_CHANNELS = ['API', 'PORTAL', 'BULK', 'AUTO_TOPUP'] as const;
export type VendChannel = (typeof VEND_CHANNELS)[number];
export const VEND_MODES = ['LIVE', 'TEST'] as const;
export type VendMode = (typeof VEND_MODES)[number];
/** UPFRONT: the wallet paid amount - commission; ACCRUED: commission credited to the commission
 * account, settled later; NONE: no commission (test mode, or a 0% service). */
export const COMMISSION_MODES = ['UPFRONT', 'ACCRUED', 'NONE'] as const;
export const WEBHOOK_EVENT_TYPES = ['vend.successful', 'vend.failed', 'vend.reversed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;

/** Bounds every service's min/max must fall within: NGN 1 to NGN 1,000,000. */
export const VEND_AMOUNT_FLOOR_KOBO = 100;
export const VEND_AMOUNT_CEILING_KOBO = 100_000_000;
/** Commission rates are basis points (1% = 100); no service may give away more than half. */
export const MAX_COMMISSION_BPS = 5_000;
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

const koboInt = z.number().int();
const percentRe = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/** "2.5" or 2.5 (percent, at most two decimals) -> 250 basis points; null when not a percentage. */
export function parsePercentToBps(input: string | number): number | null {
  const s = (typeof input === 'number' ? String(input) : input).trim().replace(/%$/, '');
  const m = percentRe.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0') || '0');
}
/** 250 -> "2.50" */
export const bpsToPercentString = (bps: number) =>
  `${Math.trunc(bps / 100)}.${String(bps % 100).padStart(2, '0')}`;

/** Commission of a vend: amount x rate, rounded down to the kobo (the platform never over-pays). */
export const commissionOf = (amountKobo: number, bps: number) => Math.floor((amountKobo * bps) / 10_000);

export const commissionPercent = z
  .union([z.string(), z.number()])
  .describe('Commission rate in percent, at most two decimals, e.g. "2.5" for 2.5%')
  .transform((v, ctx) => {
    const bps = parsePercentToBps(v);
    if (bps === null || bps > MAX_COMMISSION_BPS) {
      ctx.addIssue({
        code: 'custom',
        message: 'Commission must be a percentage between 0 and 50 with at most two decimals',
      });
      return z.NEVER;
    }
    return bps;
  });

export const networkSchema = z.enum(NETWORKS, { error: 'Choose a network: MTN, AIRTEL, GLO or 9MOBILE' });
export const serviceTypeSchema = z.enum(SERVICE_TYPES, { error: 'Choose AIRTIME or DATA' });
export const platformSchema = z.enum(PLATFORMS, { error: 'Choose a platform: AGGREGATOR or VTU' });
export const catalogueStatusSchema = z.enum(CATALOGUE_STATUSES, {
  error: 'Status must be ACTIVE or INACTIVE',
});

const vendAmount = (label: string) =>
  nairaAmount({ min: VEND_AMOUNT_FLOOR_KOBO, label }).refine((k) => k <= VEND_AMOUNT_CEILING_KOBO, {
    message: `${label} must be at most ${formatNaira(VEND_AMOUNT_CEILING_KOBO)}`,
  });

// ---------------------------------------------------------------- services

export const serviceBody = z
  .object({
    network: networkSchema,
    service: serviceTypeSchema.describe('What the service sells: AIRTIME or DATA'),
    platform: platformSchema.describe('The upstream channel vends go through first'),
    commission: commissionPercent,
    fallbackPlatforms: z
      .array(platformSchema)
      .max(PLATFORMS.length)
      .optional()
      .describe(
        'Channels tried next, in order, when the platform fails definitively. Adding: none when left out; updating: unchanged when left out (less the new platform)',
      ),
    minAmount: vendAmount('Minimum amount').optional(),
    maxAmount: vendAmount('Maximum amount').optional(),
  })
  .refine((b) => b.minAmount === undefined || b.maxAmount === undefined || b.minAmount <= b.maxAmount, {
    message: 'Minimum amount must not exceed maximum amount',
    path: ['minAmount'],
  })
  .refine(
    (b) =>
      !b.fallbackPlatforms ||
      (!b.fallbackPlatforms.includes(b.platform) &&
        new Set(b.fallbackPlatforms).size === b.fallbackPlatforms.length),
    {
      message: 'Fallback platforms must differ from the platform and from each other',
      path: ['fallbackPlatforms'],
    },
  );
export type ServiceBody = z.input<typeof serviceBody>;

export const serviceStatusBody = z.object({
  id: z.string().uuid('Unknown service'),
  status: catalogueStatusSchema,
});
export const serviceAssignBody = z.object({
  corporateId: z.string().uuid('Unknown corporate client'),
  serviceIds: z.array(z.string().uuid('Unknown service')).max(100),
});
export const servicesQuery = z.object({
  network: networkSchema.optional(),
  serviceType: serviceTypeSchema.optional(),
  platform: platformSchema.optional(),
  status: catalogueStatusSchema.optional(),
  corporateId: z.string().uuid().optional().describe('Admins: mark which services this client is assigned'),
});

export const serviceView = z.object({
  id: z.string(),
  network: z.enum(NETWORKS),
  service: z.enum(SERVICE_TYPES),
  platform: z.enum(PLATFORMS),
  fallbackPlatforms: z.array(z.enum(PLATFORMS)),
  commissionBps: koboInt,
  commission: z.string().describe('Percent, e.g. "2.50"'),
  minAmountKobo: koboInt,
  minAmount: z.string(),
  maxAmountKobo: koboInt,
  maxAmount: z.string(),
  status: z.enum(CATALOGUE_STATUSES),
  assigned: z
    .boolean()
    .nullable()
    .describe('Whether the client is assigned the service (client view, or admin with corporateId)'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceView = z.infer<typeof serviceView>;

// ---------------------------------------------------------------- data plans

const planCode = z
  .string({ error: 'Plan code is required' })
  .trim()
  .min(1, 'Plan code is required')
  .max(40, 'Plan code is too long')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'Plan codes use letters, digits, dot, dash and underscore');

export const dataPlanBody = z.object({
  network: networkSchema,
  code: planCode,
  name: z.string().trim().min(1, 'Plan name is required').max(100),
  size: z.string().trim().min(1, 'Data size is required').max(20).describe('e.g. "1.5GB", "500MB"'),
  validity: z.string().trim().min(1, 'Validity is required').max(40).describe('e.g. "30 days"'),
  price: vendAmount('Price'),
});
export const dataPlanUpdateBody = dataPlanBody.partial().omit({ network: true, code: true });
export const dataPlanStatusBody = z.object({
  id: z.string().uuid('Unknown data plan'),
  status: catalogueStatusSchema,
});
export const dataPlansQuery = z.object({
  network: networkSchema.optional(),
  status: catalogueStatusSchema.optional(),
});
export const dataPlanView = z.object({
  id: z.string(),
  network: z.enum(NETWORKS),
  code: z.string(),
  name: z.string(),
  size: z.string(),
  validity: z.string(),
  priceKobo: koboInt,
  price: z.string(),
  status: z.enum(CATALOGUE_STATUSES),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DataPlanView = z.infer<typeof dataPlanView>;

// ---------------------------------------------------------------- vending

const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(20, 'Enter a valid Nigerian phone number')
  .transform((v, ctx) => {
    const n = normaliseMsisdn(v);
    if (!n) {
      ctx.addIssue({ code: 'custom', message: 'Enter a valid Nigerian phone number' });
      return z.NEVER;
    }
    return n;
  })
  .describe('A Nigerian number in any common form: 0803..., 234803..., +234803..., 803...');

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
  amount: vendAmount('Amount')
    .optional()
    .describe('Airtime: naira with at most two decimals, e.g. "500" or 500.5'),
  planCode: planCode.optional().describe('Data: a plan code from the data-plan catalogue'),
};
const vendRefine = <T extends { type: ServiceType; amount?: number; planCode?: string }>(
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
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type VendView = z.infer<typeof vendView>;

export const adminVendView = vendView.extend({
  corporateId: z.string(),
  corporateName: z.string(),
  clientType: z.string(),
  provider: z.string().nullable(),
  providerReference: z.string().nullable(),
  vtuLineId: z.string().nullable(),
  reversalReason: z.string().nullable(),
});
export type AdminVendView = z.infer<typeof adminVendView>;

export const vendDetailView = vendView.extend({
  corporateId: z.string(),
  corporateName: z.string(),
  events: z
    .array(vendEventView)
    .describe('The timeline: creation, provider calls, status changes, reversal, webhook deliveries'),
  /** Internal routing facts, for admins only (null for clients). */
  admin: z
    .object({
      clientType: z.string(),
      provider: z.string().nullable(),
      providerReference: z.string().nullable(),
      vtuLineId: z.string().nullable(),
      reversalReason: z.string().nullable(),
    })
    .nullable(),
});
export type VendDetailView = z.infer<typeof vendDetailView>;

const csvFormat = z
  .enum(['json', 'csv'])
  .default('json')
  .describe('csv: the filtered rows as a CSV download (at most 10,000)');
export const vendListQuery = listFilters.extend({
  status: z.enum(VEND_STATUSES).optional(),
  network: networkSchema.optional(),
  networkType: networkSchema.optional().describe('Alias of network'),
  vendType: serviceTypeSchema.optional(),
  transactionType: serviceTypeSchema.optional().describe('Alias of vendType'),
  serviceType: serviceTypeSchema.optional().describe('Alias of vendType'),
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

// ---------------------------------------------------------------- VTU lines

export const vtuLineRef = z.string({ error: 'Choose a VTU line' }).trim().min(1, 'Choose a VTU line').max(64);
export const vtuAddBody = z.object({
  name: z.string().trim().min(1, 'Line name is required').max(100),
  network: networkSchema,
  msisdn: z
    .string({ error: 'Line number is required' })
    .trim()
    .transform((v, ctx) => {
      const n = normaliseMsisdn(v);
      if (!n) {
        ctx.addIssue({ code: 'custom', message: 'Enter a valid Nigerian phone number' });
        return z.NEVER;
      }
      return n;
    }),
  publicApi: z.boolean().default(true).describe('Whether API-key vends may use the line'),
});
export const vtuAssignBody = z.object({
  vtuLine: vtuLineRef,
  corporateId: z
    .string()
    .uuid('Unknown corporate client')
    .nullable()
    .describe('null returns the line to the shared pool'),
});
export const vtuRefreshBody = z.object({ vtuLine: vtuLineRef });
export const vtuPublicApiBody = z.object({ vtuLine: vtuLineRef, enabled: z.boolean() });
export const vtuStatusBody = z.object({ vtuLine: vtuLineRef, status: catalogueStatusSchema });
export const vtuFundBody = z.object({
  vtuLine: vtuLineRef,
  amount: nairaAmount({ min: 100, label: 'Amount' }),
  reference: z.string().trim().min(1, 'The payment reference is required').max(100),
  password: confirmPassword,
});
export const vtuLineView = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  network: z.enum(NETWORKS),
  msisdn: z.string(),
  status: z.enum(CATALOGUE_STATUSES),
  publicApi: z.boolean(),
  corporateId: z.string().nullable(),
  corporateName: z.string().nullable(),
  floatKobo: koboInt.describe('Float by our books: fundings minus vends through the line'),
  float: z.string(),
  providerBalanceKobo: koboInt.nullable().describe('The balance the provider reported at the last refresh'),
  providerBalance: z.string().nullable(),
  balanceCheckedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VtuLineView = z.infer<typeof vtuLineView>;
export const vtuHistoryQuery = listFilters.extend({
  vtuLine: z.string().trim().max(64).optional(),
  network: networkSchema.optional(),
  format: csvFormat,
});
export const vtuFundingView = z.object({
  id: z.string(),
  lineId: z.string(),
  lineCode: z.string(),
  lineName: z.string(),
  network: z.enum(NETWORKS),
  amountKobo: koboInt,
  amount: z.string(),
  reference: z.string(),
  actorEmail: z.string().nullable(),
  createdAt: z.string(),
});
export type VtuFundingView = z.infer<typeof vtuFundingView>;
export const vtuConsumptionView = z.object({
  vendId: z.string(),
  vendCode: z.string(),
  lineId: z.string(),
  lineCode: z.string(),
  lineName: z.string(),
  network: z.enum(NETWORKS),
  phone: z.string(),
  type: z.enum(SERVICE_TYPES),
  amountKobo: koboInt,
  amount: z.string(),
  status: z.enum(VEND_STATUSES),
  corporateName: z.string(),
  createdAt: z.string(),
});
export type VtuConsumptionView = z.infer<typeof vtuConsumptionView>;

// ---------------------------------------------------------------- commissions

export const commissionsQuery = listFilters.omit({ search: true }).extend({
  corporateId: z.string().uuid().optional().describe('Admins: one client'),
  network: networkSchema.optional(),
  serviceType: serviceTypeSchema.optional(),
  clientType: z.enum(['PREPAID', 'POSTPAID', 'POSTPAID_PLUS']).optional(),
});
const commissionLine = z.object({
  vends: z.number().int(),
  amountKobo: koboInt,
  amount: z.string(),
  commissionKobo: koboInt,
  commission: z.string(),
});
export const commissionsView = z.object({
  totals: commissionLine.extend({
    upfrontKobo: koboInt,
    accruedKobo: koboInt,
    settledKobo: koboInt,
  }),
  /** What the commission account holds now (one client only; null across clients). */
  commissionBalanceKobo: koboInt.nullable(),
  unsettledKobo: koboInt.nullable().describe('Accrued commission of successful vends not yet settled'),
  upfrontCommission: z.boolean().nullable(),
  byDay: z.array(commissionLine.extend({ date: z.string() })),
  byService: z.array(
    commissionLine.extend({
      serviceId: z.string(),
      network: z.enum(NETWORKS),
      service: z.enum(SERVICE_TYPES),
      platform: z.enum(PLATFORMS),
    }),
  ),
  byClient: z.array(commissionLine.extend({ corporateId: z.string(), corporateName: z.string() })).nullable(),
});
export type CommissionsView = z.infer<typeof commissionsView>;
export const upfrontCommissionBody = z.object({
  corporateId: z.string().uuid('Unknown corporate client'),
  upfrontCommission: z.boolean(),
  password: confirmPassword,
});
export const commissionSettleBody = z.object({
  corporateId: z.string().uuid('Unknown corporate client'),
  password: confirmPassword,
});
export const commissionSettlementView = z.object({
  id: z.string(),
  corporateId: z.string(),
  amountKobo: koboInt,
  amount: z.string(),
  vends: z.number().int(),
  trigger: z.enum(['ADMIN', 'SCHEDULE']),
  createdAt: z.string(),
});
export type CommissionSettlementView = z.infer<typeof commissionSettlementView>;

// ---------------------------------------------------------------- IP allow-list and webhook

export const ipAddBody = z.object({
  address: z
    .string({ error: 'Enter an IP address or CIDR range' })
    .trim()
    .min(1, 'Enter an IP address or CIDR range')
    .max(64, 'Enter an IP address or CIDR range')
    .describe('An IPv4/IPv6 address or CIDR range, e.g. 203.0.113.7, 10.0.0.0/8, 2001:db8::/32'),
});
export const ipEntryView = z.object({ id: z.string(), address: z.string(), createdAt: z.string() });
export type IpEntryView = z.infer<typeof ipEntryView>;

export const webhookUrlBody = z.object({
  url: z
    .string({ error: 'Enter the webhook URL' })
    .trim()
    .min(1, 'Enter the webhook URL')
    .max(2000, 'The URL is too long')
    .describe('https:// (or http://) URL on a public address that receives signed vend events'),
});
export const webhookSecretRotateBody = z.object({ password: confirmPassword });
export const webhookView = z.object({
  url: z.string().nullable(),
  secret: z.string().nullable().describe('Shown in full only in the answer that generated it'),
  secretMasked: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type WebhookView = z.infer<typeof webhookView>;
export const webhookDeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  vendId: z.string().nullable(),
  vendCode: z.string().nullable(),
  url: z.string(),
  mode: z.enum(VEND_MODES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  resendOf: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;
export const webhookDeliveriesQuery = listFilters.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES).optional(),
});

// ---------------------------------------------------------------- sandbox (test mode) money

export const SANDBOX_TOP_UP_MAX_KOBO = 100_000_000;
export const sandboxFundBody = z.object({
  amount: nairaAmount({ min: 100, label: 'Amount' })
    .refine((k) => k <= SANDBOX_TOP_UP_MAX_KOBO, {
      message: `Amount must be at most ${formatNaira(SANDBOX_TOP_UP_MAX_KOBO)}`,
    })
    .describe('Test money to add to the sandbox wallet, in naira'),
});
export const sandboxBalanceView = z.object({ sandboxBalanceKobo: koboInt, sandboxBalance: z.string() });
