// Dashboards and sales valuation (spec §7 Dashboards, evaluation/vending): figures of live vends
// only, over Lagos calendar days; money in integer kobo.
import { z } from 'zod';
import { dateOnly } from '../pagination';
import { NETWORKS } from '../phone';
import { BILL_KINDS, VEND_KINDS } from './catalogue';
import { VEND_CHANNELS } from './vends';

export const DASHBOARD_FILTERS = ['today', 'week', 'month', 'custom'] as const;
export type DashboardFilter = (typeof DASHBOARD_FILTERS)[number];
/** The longest range a dashboard, analytics or valuation call covers. */
export const MAX_REPORT_DAYS = 366;
/** A VTU line whose float is below this is flagged on the admin home. */
export const LOW_FLOAT_KOBO = 5_000_000;

const kobo = z.number().int();

const range = z
  .object({ startDate: dateOnly.optional(), endDate: dateOnly.optional() })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'The start date must not be after the end date',
    path: ['startDate'],
  });

export const corporateDashboardQuery = z
  .object({
    filter: z.enum(DASHBOARD_FILTERS, { error: 'Choose today, week, month or custom' }).default('month'),
    startDate: dateOnly.optional(),
    endDate: dateOnly.optional(),
  })
  .refine((q) => q.filter !== 'custom' || (q.startDate && q.endDate), {
    message: 'Choose a start date and an end date for a custom range',
    path: ['startDate'],
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'The start date must not be after the end date',
    path: ['startDate'],
  });
export type CorporateDashboardQuery = z.input<typeof corporateDashboardQuery>;

export const adminDashboardQuery = range;

export const dayNetworkPoint = z.object({
  day: z.string(),
  totalKobo: kobo,
  /** Per network for airtime and data, per kind for bills (ELECTRICITY, TV). */
  byNetwork: z.record(z.enum([...NETWORKS, ...BILL_KINDS]), kobo),
});
const valueCount = { valueKobo: kobo, count: z.number().int() };

export const vendTotalsView = z.object({
  successValueKobo: kobo,
  successCount: z.number().int(),
  failedCount: z.number().int(),
  pendingCount: z.number().int(),
  reversedCount: z.number().int(),
  /** Commission on successful vends. */
  commissionKobo: kobo,
  fundingKobo: kobo,
});

export const recentVendView = z.object({
  id: z.string(),
  code: z.string(),
  msisdn: z.string(),
  network: z.string(),
  serviceType: z.string(),
  amountKobo: kobo,
  status: z.string(),
  channel: z.string(),
  createdAt: z.string(),
});

export const corporateDashboardView = z.object({
  filter: z.enum(DASHBOARD_FILTERS),
  startDate: z.string(),
  endDate: z.string(),
  wallet: z.object({ balanceKobo: kobo, sandboxBalanceKobo: kobo.nullable(), testMode: z.boolean() }),
  totals: vendTotalsView,
  daily: z.array(dayNetworkPoint),
  byService: z.array(z.object({ serviceType: z.enum(VEND_KINDS), ...valueCount })),
  byChannel: z.array(z.object({ channel: z.enum(VEND_CHANNELS), ...valueCount })),
  recent: z.array(recentVendView),
});
export type CorporateDashboardView = z.infer<typeof corporateDashboardView>;

export const adminDashboardView = z.object({
  startDate: z.string(),
  endDate: z.string(),
  totals: vendTotalsView.extend({
    pendingValueKobo: kobo,
    failedValueKobo: kobo,
    reversedValueKobo: kobo,
    clientBalancesKobo: kobo,
    /** Commission taken off the price at vend time, on the range's successful vends. */
    commissionUpfrontKobo: kobo,
    /** Accrued commission settled to wallets in the range. */
    commissionSettledKobo: kobo,
  }),
  vtuLines: z.array(
    z.object({ id: z.string(), msisdn: z.string(), network: z.string(), floatKobo: kobo, low: z.boolean() }),
  ),
  lowFloatKobo: kobo,
  topClients: z.array(z.object({ corporateId: z.string(), name: z.string(), ...valueCount })),
  pendingFundRequests: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({
        id: z.string(),
        code: z.string(),
        corporateName: z.string(),
        amountKobo: kobo,
        createdAt: z.string(),
      }),
    ),
  }),
  pendingVerifications: z.object({
    total: z.number().int(),
    items: z.array(
      z.object({ id: z.string(), name: z.string(), verificationRequestedAt: z.string().nullable() }),
    ),
  }),
  daily: z.array(dayNetworkPoint),
});
export type AdminDashboardView = z.infer<typeof adminDashboardView>;

/** GET evaluation/vending/{clientId}/count and its chunks. */
export const valuationQuery = z
  .object({
    startDate: dateOnly,
    endDate: dateOnly,
    chunkSize: z.coerce
      .number()
      .int()
      .min(1, 'chunkSize must be at least 1')
      .max(50_000, 'chunkSize must be at most 50,000')
      .default(5_000),
  })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'The start date must not be after the end date',
    path: ['startDate'],
  });
export const valuationChunkQuery = z
  .object({
    startDate: dateOnly,
    endDate: dateOnly,
    chunkSize: z.coerce.number().int().min(1).max(50_000).default(5_000),
    /** The cursor the previous chunk returned (absent for the first chunk). */
    after: z.string().max(200).optional(),
  })
  .refine((q) => q.startDate <= q.endDate, {
    message: 'The start date must not be after the end date',
    path: ['startDate'],
  });
export const valuationClientParams = z.object({ clientId: z.string().uuid('Corporate client not found') });

export const valuationCountView = z.object({
  /** The client valued (the admin screen's title). */
  clientName: z.string(),
  count: z.number().int(),
  chunks: z.number().int(),
  chunkSize: z.number().int(),
});
export const valuationLine = z.object({
  /** The network, or a bill's biller (issue 51). */
  network: z.string(),
  serviceType: z.enum(VEND_KINDS),
  count: z.number().int(),
  valueKobo: kobo,
  commissionKobo: kobo,
  /** What the client paid: value less commission. */
  netCostKobo: kobo,
});
export const valuationChunkView = z.object({
  rows: z.number().int(),
  lines: z.array(valuationLine),
  /** Pass as `after` for the next chunk; null when this chunk was the last. */
  next: z.string().nullable(),
});
export type ValuationChunkView = z.infer<typeof valuationChunkView>;

/** GET analytics/trends: platform sales and funding over a range, bucketed, against the period before. */
export const TREND_GRANULARITIES = ['day', 'week', 'month'] as const;
export type TrendGranularity = (typeof TREND_GRANULARITIES)[number];
export const trendsQuery = z
  .object({
    startDate: dateOnly.optional(),
    endDate: dateOnly.optional(),
    granularity: z.enum(TREND_GRANULARITIES, { error: 'Choose day, week or month' }).default('day'),
  })
  .refine((q) => !q.startDate || !q.endDate || q.startDate <= q.endDate, {
    message: 'The start date must not be after the end date',
    path: ['startDate'],
  });
export type TrendsQuery = z.input<typeof trendsQuery>;

const trendTotals = z.object({
  successValueKobo: kobo,
  successCount: z.number().int(),
  failedCount: z.number().int(),
  pendingCount: z.number().int(),
  reversedCount: z.number().int(),
  commissionKobo: kobo,
  fundingKobo: kobo,
  /** Successful ÷ (successful + failed), in basis points; null when no vend was final. */
  successRateBps: z.number().int().nullable(),
});
const shareRow = z.object({
  key: z.string(),
  ...valueCount,
  previousValueKobo: kobo,
  previousCount: z.number().int(),
});

export const trendsView = z.object({
  startDate: z.string(),
  endDate: z.string(),
  granularity: z.enum(TREND_GRANULARITIES),
  /** The period of the same length just before the range. */
  previous: z.object({ startDate: z.string(), endDate: z.string() }),
  totals: trendTotals,
  previousTotals: trendTotals,
  /** One point per day, week (from Monday) or month of the range, first Lagos day of each as `period`. */
  series: z.array(
    z.object({
      period: z.string(),
      salesKobo: kobo,
      count: z.number().int(),
      failedCount: z.number().int(),
      fundingKobo: kobo,
      successRateBps: z.number().int().nullable(),
    }),
  ),
  byNetwork: z.array(shareRow),
  byService: z.array(shareRow),
  byChannel: z.array(shareRow),
  byClientType: z.array(shareRow),
});
export type TrendsView = z.infer<typeof trendsView>;
