// Bills (issue 51): electricity tokens and cable TV beside airtime and data. A biller is a service
// of kind ELECTRICITY or TV (its commission, limits, status and assignment are the service's); its
// bouquets are plans synced from the provider. A customer number is verified first (VTpass
// merchant-verify), then paid as a vend of the biller's kind, on the one vend lifecycle.
import { z } from 'zod';
import { listFilters } from '../pagination';
import { BILLER_CODES, billerOf } from './billers';
import { BILL_KINDS, CATALOGUE_STATUSES, catalogueStatusSchema, commissionPercent } from './catalogue';
import { COMMISSION_MODES } from './commissions';
import { koboInt, phoneField, vendAmount, vendRequestAmount } from './fields';
import { VEND_CHANNELS, VEND_MODES, VEND_STATUSES, vendReference } from './vends';

export const billKindSchema = z.enum(BILL_KINDS, { error: 'Choose ELECTRICITY or TV' });

export const METER_TYPES = ['PREPAID', 'POSTPAID'] as const;
export type MeterType = (typeof METER_TYPES)[number];
export const meterTypeSchema = z.enum(METER_TYPES, { error: 'Choose the meter type: PREPAID or POSTPAID' });

/** TV: pay the current bouquet again (RENEW, the renewal amount verification stated) or another one. */
export const TV_SUBSCRIPTION_TYPES = ['RENEW', 'CHANGE'] as const;
export type TvSubscriptionType = (typeof TV_SUBSCRIPTION_TYPES)[number];
export const tvSubscriptionTypeSchema = z.enum(TV_SUBSCRIPTION_TYPES, {
  error: 'Choose RENEW (the current bouquet) or CHANGE (another bouquet)',
});

/** How long a verification is reused by a payment; after it the number is verified again. */
export const BILL_VERIFICATION_TTL_MS = 10 * 60 * 1000;

export const billerCodeSchema = z
  .string({ error: 'Choose a biller' })
  .trim()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(BILLER_CODES, { error: `Choose a biller: ${BILLER_CODES.join(', ')}` }));

/** A meter, smartcard or IUC number (Showmax: the phone number), digits only. */
export const customerNumberField = z
  .string({ error: 'Enter the customer number' })
  .trim()
  .transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Enter the customer number')
      .regex(/^\d{6,20}$/, 'A customer number is 6 to 20 digits'),
  )
  .describe('Meter number (electricity), smartcard or IUC number (TV); Showmax: the phone number');

export const bouquetCode = z
  .string({ error: 'Choose a bouquet' })
  .trim()
  .min(1, 'Choose a bouquet')
  .max(64, 'Bouquet code is too long')
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'Bouquet codes use letters, digits, dot, dash and underscore');

// ------------------------------------------------------------------ catalogue

export const billersQuery = z.object({
  kind: billKindSchema.optional(),
  status: catalogueStatusSchema.optional(),
  corporateId: z.string().uuid().optional().describe('Admins: mark which billers this client is assigned'),
});

/** A biller: the service behind it (commission, limits, status, assignment) and what it needs. */
export const billerView = z.object({
  id: z.string().describe("The biller's service id"),
  code: z.string().describe('IKEDC, EKEDC, ... DSTV, GOTV, STARTIMES, SHOWMAX'),
  kind: z.enum(BILL_KINDS),
  name: z.string(),
  customerNumberLabel: z.string(),
  meterTypes: z.array(z.enum(METER_TYPES)).describe('Electricity: PREPAID and POSTPAID; TV: none'),
  providerVerifies: z.boolean(),
  commissionBps: koboInt,
  commission: z.string().describe('Percent, e.g. "1.50"'),
  minAmountKobo: koboInt,
  minAmount: z.string(),
  maxAmountKobo: koboInt,
  maxAmount: z.string(),
  status: z.enum(CATALOGUE_STATUSES),
  assigned: z
    .boolean()
    .nullable()
    .describe('Whether the client is assigned the biller (client view, or admin with corporateId)'),
  updatedAt: z.string(),
});
export type BillerView = z.infer<typeof billerView>;

export const bouquetsQuery = z.object({ status: catalogueStatusSchema.optional() });

export const bouquetView = z.object({
  id: z.string(),
  biller: z.string(),
  code: z.string().describe("The provider's variation_code"),
  name: z.string(),
  priceKobo: koboInt,
  price: z.string(),
  status: z.enum(CATALOGUE_STATUSES),
  updatedAt: z.string(),
});
export type BouquetView = z.infer<typeof bouquetView>;

export const billerUpdateBody = z
  .object({
    commission: commissionPercent.optional(),
    minAmount: vendAmount('Minimum amount').optional(),
    maxAmount: vendAmount('Maximum amount').optional(),
  })
  .refine((b) => b.minAmount === undefined || b.maxAmount === undefined || b.minAmount <= b.maxAmount, {
    message: 'Minimum amount must not exceed maximum amount',
    path: ['minAmount'],
  })
  .refine((b) => b.commission !== undefined || b.minAmount !== undefined || b.maxAmount !== undefined, {
    message: 'Nothing to change',
  });

export const billerStatusBody = z.object({
  id: z.string().uuid('Unknown biller'),
  status: catalogueStatusSchema,
});

export const billerAssignBody = z.object({
  corporateId: z.string().uuid('Unknown corporate client'),
  billerIds: z
    .array(z.string().uuid('Unknown biller'))
    .max(100)
    .describe(
      "The client's billers after the call (replaces its biller assignments only; services untouched)",
    ),
});

export const bouquetStatusBody = z.object({
  id: z.string().uuid('Unknown bouquet'),
  status: catalogueStatusSchema,
});

/** What a bouquet sync did: the provider's list is the truth for codes and prices. */
export const bouquetSyncView = z.object({
  biller: z.string(),
  added: z.number().int(),
  repriced: z.number().int(),
  withdrawn: z.number().int().describe('Bouquets the provider no longer lists: set INACTIVE'),
  bouquets: z.array(bouquetView),
});

// ------------------------------------------------------------------ verify

export const billVerifyBody = z
  .object({
    biller: billerCodeSchema,
    customerNumber: customerNumberField,
    meterType: meterTypeSchema.optional().describe('Electricity: PREPAID or POSTPAID (required)'),
  })
  .superRefine((b, ctx) => {
    const biller = billerOf(b.biller);
    if (biller?.kind === 'ELECTRICITY' && !b.meterType)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose the meter type: PREPAID or POSTPAID',
        path: ['meterType'],
      });
    if (biller?.kind === 'TV' && b.meterType)
      ctx.addIssue({ code: 'custom', message: 'A TV biller takes no meter type', path: ['meterType'] });
  });
export type BillVerifyBody = z.input<typeof billVerifyBody>;

export const billVerificationView = z.object({
  id: z.string().describe('The verification id: send it with the payment (reused for 10 minutes)'),
  biller: z.string(),
  kind: z.enum(BILL_KINDS),
  customerNumber: z.string(),
  meterType: z.enum(METER_TYPES).nullable(),
  customerName: z.string().nullable(),
  address: z.string().nullable(),
  currentBouquet: z.string().nullable().describe('TV: the bouquet on the card now'),
  currentBouquetCode: z.string().nullable().describe('TV: its code in the bouquet list, when known'),
  renewalAmountKobo: koboInt.nullable().describe('TV: what renewing the current bouquet costs'),
  renewalAmount: z.string().nullable(),
  dueDate: z.string().nullable().describe('TV: when the subscription is due, as the provider says it'),
  minimumAmountKobo: koboInt.nullable().describe("Electricity: the provider's minimum purchase, when stated"),
  verifiedAt: z.string(),
  expiresAt: z.string(),
  mode: z.enum(VEND_MODES),
});
export type BillVerificationView = z.infer<typeof billVerificationView>;

// ------------------------------------------------------------------ pay

const payFields = {
  biller: billerCodeSchema,
  customerNumber: customerNumberField,
  verificationId: z
    .string()
    .uuid('Unknown verification')
    .optional()
    .describe(
      'The verification confirmed on screen; when left out or older than 10 minutes the number is verified again first',
    ),
  meterType: meterTypeSchema.optional().describe('Electricity: PREPAID or POSTPAID (required)'),
  amount: vendRequestAmount('Amount')
    .optional()
    .describe(
      'Electricity: naira within the biller limits. TV: leave out (the bouquet or renewal amount is charged)',
    ),
  subscriptionType: tvSubscriptionTypeSchema
    .optional()
    .describe('TV: RENEW or CHANGE (required; Showmax: CHANGE)'),
  bouquetCode: bouquetCode.optional().describe('TV with CHANGE: the bouquet to buy'),
  phone: phoneField.describe("The customer's phone: the provider's receipt goes to it"),
  email: z.string().trim().email('Enter a valid email address').max(200).optional(),
};

type PayShape = {
  biller: string;
  meterType?: MeterType;
  amount?: number;
  subscriptionType?: TvSubscriptionType;
  bouquetCode?: string;
};

export const billPayRefine = (b: PayShape, ctx: z.RefinementCtx) => {
  const biller = billerOf(b.biller);
  if (!biller) return;
  if (biller.kind === 'ELECTRICITY') {
    if (!b.meterType)
      ctx.addIssue({
        code: 'custom',
        message: 'Choose the meter type: PREPAID or POSTPAID',
        path: ['meterType'],
      });
    if (b.amount === undefined)
      ctx.addIssue({ code: 'custom', message: 'Amount is required for electricity', path: ['amount'] });
    if (b.subscriptionType || b.bouquetCode)
      ctx.addIssue({
        code: 'custom',
        message: 'Electricity takes an amount, not a bouquet',
        path: ['bouquetCode'],
      });
    return;
  }
  if (b.meterType)
    ctx.addIssue({ code: 'custom', message: 'A TV biller takes no meter type', path: ['meterType'] });
  if (b.amount !== undefined)
    ctx.addIssue({
      code: 'custom',
      message: 'TV is priced by its bouquet; leave amount out',
      path: ['amount'],
    });
  if (!b.subscriptionType)
    ctx.addIssue({ code: 'custom', message: 'Choose RENEW or CHANGE', path: ['subscriptionType'] });
  if (b.subscriptionType === 'CHANGE' && !b.bouquetCode)
    ctx.addIssue({ code: 'custom', message: 'Choose the bouquet to change to', path: ['bouquetCode'] });
  if (b.subscriptionType === 'RENEW' && b.bouquetCode)
    ctx.addIssue({
      code: 'custom',
      message: 'Renewing pays the current bouquet; leave bouquetCode out',
      path: ['bouquetCode'],
    });
  if (biller.code === 'SHOWMAX' && b.subscriptionType === 'RENEW')
    ctx.addIssue({
      code: 'custom',
      message: 'Showmax is bought by bouquet: use CHANGE',
      path: ['subscriptionType'],
    });
};

/** The API's payment: the client's reference makes it idempotent. */
export const apiBillPayBody = z
  .object({
    reference: vendReference.describe(
      'Your unique reference. Retrying with the same reference and body returns the original result; another body is refused (409).',
    ),
    ...payFields,
  })
  .superRefine(billPayRefine);
export type ApiBillPayBody = z.input<typeof apiBillPayBody>;

/** The portal's payment: a reference is generated when none is given. */
export const portalBillPayBody = z
  .object({ reference: vendReference.optional(), ...payFields })
  .superRefine(billPayRefine);
export type PortalBillPayBody = z.input<typeof portalBillPayBody>;

// ------------------------------------------------------------------ the bill (a vend of a bill kind)

export const billDetailItem = z.object({ label: z.string(), value: z.string() });

export const billView = z.object({
  id: z.string(),
  code: z.string().describe('Readable id, VND-...'),
  reference: z.string(),
  mode: z.enum(VEND_MODES),
  channel: z.enum(VEND_CHANNELS),
  status: z.enum(VEND_STATUSES),
  kind: z.enum(BILL_KINDS),
  biller: z.string(),
  billerName: z.string(),
  customerNumber: z.string(),
  meterType: z.enum(METER_TYPES).nullable(),
  subscriptionType: z.enum(TV_SUBSCRIPTION_TYPES).nullable(),
  bouquetCode: z.string().nullable(),
  bouquetName: z.string().nullable(),
  customerName: z.string().nullable(),
  customerAddress: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  verificationId: z.string(),
  amountKobo: koboInt,
  amount: z.string(),
  chargedKobo: koboInt.describe('What the wallet was debited'),
  charged: z.string(),
  commissionKobo: koboInt,
  commission: z.string(),
  commissionMode: z.enum(COMMISSION_MODES),
  token: z
    .string()
    .nullable()
    .describe('Prepaid electricity: the token to load on the meter, once delivered (null until then)'),
  units: z.string().nullable().describe('Electricity: the units bought, as the provider states them'),
  receiptReference: z
    .string()
    .nullable()
    .describe("The provider's receipt or exchange reference (postpaid electricity, TV)"),
  details: z.array(billDetailItem).describe('Whatever else the provider returned that a customer needs'),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  reversedAt: z.string().nullable(),
});
export type BillView = z.infer<typeof billView>;

export const adminBillView = billView.extend({
  corporateId: z.string(),
  corporateName: z.string(),
  provider: z.string().nullable(),
  providerReference: z.string().nullable(),
  providerReason: z.string().nullable(),
});
export type AdminBillView = z.infer<typeof adminBillView>;

export const billListQuery = listFilters.extend({
  kind: billKindSchema.optional(),
  biller: billerCodeSchema.optional(),
  status: z.enum(VEND_STATUSES).optional(),
  mode: z.enum(VEND_MODES).default('LIVE'),
});

export const adminBillListQuery = billListQuery.extend({ corporateId: z.string().uuid().optional() });

/** Masks a token for logs, audit summaries and notices: the last four digits only. */
export function maskToken(token: string | null | undefined): string | null {
  if (!token) return null;
  const digits = token.replace(/\D/g, '');
  return digits.length <= 4 ? '****' : `****${digits.slice(-4)}`;
}

export const billPage = z.object({
  items: z.array(billView),
  meta: z.object({
    currentPage: z.number().int(),
    lastPage: z.number().int(),
    hasMorePages: z.boolean(),
    total: z.number().int(),
    limit: z.number().int(),
  }),
});

export const adminBillPage = billPage.extend({ items: z.array(adminBillView) });

// ------------------------------------------------------------------ bills in bulk (a CSV file)

export const bulkBillsBody = z.object({
  csv: z
    .string({ error: 'Upload a CSV file' })
    .min(1, 'The CSV file is empty')
    .max(64 * 1024, 'The CSV file is too large')
    .describe(
      'Header row then one bill per row: biller,customerNumber,meterType,amount,bouquet,phone,reference (electricity: meterType and amount; TV: bouquet RENEW or a bouquet code)',
    ),
  batchReference: vendReference
    .optional()
    .describe(
      'Makes the whole file idempotent: rows without a reference get <batchReference>-<row>. Send the one the check answered with to pay',
    ),
});
export type BulkBillsBody = z.input<typeof bulkBillsBody>;

/** One row of a checked file: verified with its biller and priced, or the reason it cannot be paid. */
export const bulkBillCheckRow = z.object({
  row: z.number().int().describe('1-based, counting bills (the header is not a row)'),
  reference: z.string(),
  biller: z.string().nullable(),
  billerName: z.string().nullable(),
  kind: z.enum(BILL_KINDS).nullable(),
  customerNumber: z.string().nullable(),
  meterType: z.enum(METER_TYPES).nullable(),
  subscriptionType: z.enum(TV_SUBSCRIPTION_TYPES).nullable(),
  bouquetName: z.string().nullable(),
  customerName: z.string().nullable().describe('As the biller verified it'),
  address: z.string().nullable(),
  verificationId: z.string().nullable(),
  amountKobo: koboInt.nullable(),
  amount: z.string().nullable(),
  chargeKobo: koboInt.nullable().describe('What paying the row debits now (0 when it was paid already)'),
  charge: z.string().nullable(),
  paidAs: z
    .string()
    .nullable()
    .describe('The bill (VND-...) this reference paid already: paying it again pays nothing'),
  error: z.string().nullable().describe('Why the row cannot be paid; null when it is ready'),
});
export type BulkBillCheckRow = z.infer<typeof bulkBillCheckRow>;

export const bulkBillsCheck = z.object({
  batchReference: z.string(),
  rows: z.array(bulkBillCheckRow),
  total: z.number().int(),
  ready: z.number().int(),
  invalid: z.number().int(),
  totalChargeKobo: koboInt.describe('What paying the ready rows debits'),
  totalCharge: z.string(),
  availableKobo: z.number().int(),
  available: z.string(),
  enough: z.boolean(),
});
export type BulkBillsCheck = z.infer<typeof bulkBillsCheck>;

export const bulkBillResultRow = z.object({
  row: z.number().int(),
  reference: z.string(),
  biller: z.string(),
  customerNumber: z.string(),
  ok: z.boolean(),
  code: z.string().nullable().describe('Error code when the row was not paid'),
  message: z.string(),
  bill: billView.nullable().describe('The bill (its token masked: open it for the token in full)'),
});
export type BulkBillResultRow = z.infer<typeof bulkBillResultRow>;

export const bulkBillsResult = z.object({
  batchReference: z.string(),
  rows: z.array(bulkBillResultRow),
  total: z.number().int(),
  successful: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
});
export type BulkBillsResult = z.infer<typeof bulkBillsResult>;
