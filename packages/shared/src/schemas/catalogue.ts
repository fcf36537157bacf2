// The service catalogue (spec §7 Services): networks, service types and platforms, commission
// rates in basis points, services and data plans.
import { z } from 'zod';
import { NETWORKS } from '../phone';
import { koboInt, planCode, vendAmount } from './fields';

export const SERVICE_TYPES = ['AIRTIME', 'DATA'] as const;

export type ServiceType = (typeof SERVICE_TYPES)[number];

/** Bills (issue 51): a biller is a service of one of these kinds (schemas/bills.ts). */
export const BILL_KINDS = ['ELECTRICITY', 'TV'] as const;
export type BillKind = (typeof BILL_KINDS)[number];

/** Every kind a vend can be: airtime and data, and the bill kinds. */
export const VEND_KINDS = [...SERVICE_TYPES, ...BILL_KINDS] as const;
export type VendKind = (typeof VEND_KINDS)[number];

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

export { VEND_AMOUNT_CEILING_KOBO, VEND_AMOUNT_FLOOR_KOBO } from './fields';

/** Commission rates are basis points (1% = 100); no service may give away more than half. */
export const MAX_COMMISSION_BPS = 5_000;

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

/** What a purchase shows before it is confirmed: its amount, commission and the wallet's debit. */
export type CommissionQuote = {
  amountKobo: number;
  commissionKobo: number;
  commissionBps: number;
  /** What the wallet is debited; null when the commission mode is unknown (upfront or not). */
  debitKobo: number | null;
  upfront: boolean | null;
  test: boolean;
};

/**
 * The quote of a vend or a bill at `bps` commission: in test mode no commission and the whole
 * amount; upfront, the amount less the commission; accrued (or no commission), the amount.
 */
export function quoteCommission(
  amountKobo: number,
  bps: number,
  terms: { upfront: boolean | null; test: boolean },
): CommissionQuote {
  if (terms.test)
    return {
      amountKobo,
      commissionKobo: 0,
      commissionBps: 0,
      debitKobo: amountKobo,
      upfront: null,
      test: true,
    };
  const commissionKobo = commissionOf(amountKobo, bps);
  const debitKobo =
    commissionKobo === 0 || terms.upfront === false
      ? amountKobo
      : terms.upfront === true
        ? amountKobo - commissionKobo
        : null;
  return { amountKobo, commissionKobo, commissionBps: bps, debitKobo, upfront: terms.upfront, test: false };
}

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

export const vendKindSchema = z.enum(VEND_KINDS, { error: 'Choose AIRTIME, DATA, ELECTRICITY or TV' });

export const platformSchema = z.enum(PLATFORMS, { error: 'Choose a platform: AGGREGATOR or VTU' });

export const catalogueStatusSchema = z.enum(CATALOGUE_STATUSES, {
  error: 'Status must be ACTIVE or INACTIVE',
});

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
