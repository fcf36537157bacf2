// Auto top-up (DESIGN §2): the client's settings, its subscribers (with CSV import), the runs of
// the scheduler, and the admin's view of one client. Amounts leave as integer kobo with their
// naira text; dates as ISO instants (the screens show them in Lagos time).
import { z } from 'zod';
import { AMOUNT_LIMITS } from '../amount-limits';
import { AUTO_TOPUP_FREQUENCIES } from '../auto-topup-schedule';
import { formatNaira, nairaAmount } from '../money';
import { cursorQuery, listFilters, pageQuery } from '../pagination';
import { billerOf, isBillKind } from './billers';
import {
  billerCodeSchema,
  billPayRefine,
  billView,
  bouquetCode,
  customerNumberField,
  meterTypeSchema,
  tvSubscriptionTypeSchema,
} from './bills';
import { networkSchema, VEND_KINDS } from './catalogue';
import { csvFormat, koboInt, phoneField, planCode, vendAmount } from './fields';
import { VEND_STATUSES, vendRefine } from './vends';

export const INSUFFICIENT_FUNDS_POLICIES = ['SKIP_NOTIFY', 'RETRY_LATER_TODAY'] as const;
export type InsufficientFundsPolicy = (typeof INSUFFICIENT_FUNDS_POLICIES)[number];

/** What a run is before (or instead of) its vend. */
export const AUTO_TOPUP_RUN_STATES = ['QUEUED', 'VENDED', 'RETRYING', 'SKIPPED', 'FAILED'] as const;
/** What the runs list shows: the vend's status once there is a vend, else the run's. */
export const AUTO_TOPUP_RUN_STATUSES = [
  'PENDING',
  'SUCCESSFUL',
  'FAILED',
  'REVERSED',
  'QUEUED',
  'RETRYING',
  'SKIPPED',
] as const;
export type AutoTopupRunStatus = (typeof AUTO_TOPUP_RUN_STATUSES)[number];

export const timeOfDay = z
  .string({ error: 'Enter a time' })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Enter a time as HH:MM (24-hour, Lagos time)');

// Nullable rather than a union with null: a union refusing both branches says only "Invalid
// input", where the amount's own refusal quotes the cap's limits (issue 53 point 5).
const cap = (label: string) =>
  nairaAmount({
    min: AMOUNT_LIMITS.autoTopupCap.minKobo,
    max: AMOUNT_LIMITS.autoTopupCap.maxKobo,
    label,
  })
    .nullable()
    .describe(`${label} in naira; null for no cap`);

export const autoTopupSettingsBody = z
  .object({
    enabled: z.boolean({ error: 'Say whether auto top-up is on' }),
    defaultTime: timeOfDay,
    dailyCap: cap('Daily cap'),
    monthlyCap: cap('Monthly cap'),
    insufficientFundsPolicy: z.enum(INSUFFICIENT_FUNDS_POLICIES, {
      error: 'Choose what happens when the wallet cannot cover a top-up',
    }),
  })
  .superRefine((b, ctx) => {
    if (b.dailyCap !== null && b.monthlyCap !== null && b.dailyCap > b.monthlyCap)
      ctx.addIssue({
        code: 'custom',
        message: 'The daily cap cannot be more than the monthly cap',
        path: ['dailyCap'],
      });
  });
export type AutoTopupSettingsBody = z.input<typeof autoTopupSettingsBody>;

export const autoTopupSettingsView = z.object({
  /** The platform's switch for this client (PUT corporate-clients/auto-topup). */
  platformEnabled: z.boolean(),
  enabled: z.boolean(),
  defaultTime: z.string(),
  dailyCapKobo: koboInt.nullable(),
  dailyCap: z.string().nullable(),
  monthlyCapKobo: koboInt.nullable(),
  monthlyCap: z.string().nullable(),
  insufficientFundsPolicy: z.enum(INSUFFICIENT_FUNDS_POLICIES),
  spentTodayKobo: koboInt,
  spentToday: z.string(),
  spentThisMonthKobo: koboInt,
  spentThisMonth: z.string(),
  updatedAt: z.string().nullable(),
});
export type AutoTopupSettingsView = z.infer<typeof autoTopupSettingsView>;

const isoDate = z.iso.date({ error: 'Use a real date in the format YYYY-MM-DD' });

const subscriberFields = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name is too long'),
  phone: phoneField.describe(
    "Airtime and data: the line topped up. Bills: the customer's phone, the provider's receipt goes to it",
  ),
  network: networkSchema.optional().describe('Defaults to the network suggested by the number prefix'),
  type: z.enum(VEND_KINDS, { error: 'Choose AIRTIME, DATA, ELECTRICITY or TV' }),
  amount: vendAmount('Amount')
    .optional()
    .describe('Airtime: naira. Electricity: naira within the biller limits'),
  planCode: planCode.optional().describe('Data: a plan code'),
  biller: billerCodeSchema.optional().describe('Bills: the biller (IKEDC, ... DSTV, GOTV, ...)'),
  customerNumber: customerNumberField.optional().describe('Bills: the meter, smartcard or IUC number'),
  meterType: meterTypeSchema.optional().describe('Electricity: PREPAID or POSTPAID'),
  subscriptionType: tvSubscriptionTypeSchema
    .optional()
    .describe('TV: RENEW (the bouquet on the card at each run) or CHANGE (the bouquet given)'),
  bouquetCode: bouquetCode.optional().describe('TV with CHANGE: the bouquet bought at each run'),
  frequency: z.enum(AUTO_TOPUP_FREQUENCIES, { error: 'Choose DAILY, WEEKLY, MONTHLY or ONCE' }),
  weekday: z.coerce.number().int().min(1, 'Choose a weekday').max(7, 'Choose a weekday').optional(),
  monthDay: z.coerce
    .number()
    .int()
    .min(1, 'Day of the month is 1 to 31')
    .max(31, 'Day of the month is 1 to 31')
    .optional(),
  onceDate: isoDate.optional(),
  time: timeOfDay.optional().describe('HH:MM Lagos time; defaults to the settings’ default time'),
});

type SubscriberShape = z.infer<typeof subscriberFields>;

/** A bill subscriber names its biller (of the type's kind) and customer number, and pays as a bill
 * payment would (billPayRefine); airtime and data take none of the bill's fields. */
function refineKind(b: SubscriberShape, ctx: z.RefinementCtx) {
  const billFields = ['biller', 'customerNumber', 'meterType', 'subscriptionType', 'bouquetCode'] as const;
  if (!isBillKind(b.type)) {
    vendRefine({ ...b, type: b.type }, ctx);
    for (const k of billFields)
      if (b[k] !== undefined)
        ctx.addIssue({ code: 'custom', message: 'Only a bill subscriber takes this', path: [k] });
    return;
  }
  if (b.network !== undefined)
    ctx.addIssue({ code: 'custom', message: 'A bill takes a biller, not a network', path: ['network'] });
  if (!b.biller) {
    ctx.addIssue({ code: 'custom', message: 'Choose a biller', path: ['biller'] });
    return;
  }
  if (billerOf(b.biller)?.kind !== b.type) {
    ctx.addIssue({
      code: 'custom',
      message: `${billerOf(b.biller)?.name ?? b.biller} is not a${b.type === 'TV' ? ' TV' : 'n electricity'} biller`,
      path: ['biller'],
    });
    return;
  }
  if (!b.customerNumber)
    ctx.addIssue({ code: 'custom', message: 'Enter the customer number', path: ['customerNumber'] });
  if (b.planCode !== undefined)
    ctx.addIssue({ code: 'custom', message: 'A bill takes no data plan', path: ['planCode'] });
  billPayRefine({ ...b, biller: b.biller }, ctx);
}

export const refineSubscriber = (b: SubscriberShape, ctx: z.RefinementCtx) => {
  refineKind(b, ctx);
  if (b.frequency === 'WEEKLY' && b.weekday === undefined)
    ctx.addIssue({ code: 'custom', message: 'Choose a weekday', path: ['weekday'] });
  if (b.frequency === 'MONTHLY' && b.monthDay === undefined)
    ctx.addIssue({ code: 'custom', message: 'Choose a day of the month', path: ['monthDay'] });
  if (b.frequency === 'ONCE' && b.onceDate === undefined)
    ctx.addIssue({ code: 'custom', message: 'Choose a date', path: ['onceDate'] });
};

export const autoTopupSubscriberBody = subscriberFields.superRefine(refineSubscriber);
export type AutoTopupSubscriberBody = z.input<typeof autoTopupSubscriberBody>;

export const autoTopupPauseBody = z.object({ paused: z.boolean({ error: 'Say whether to pause' }) });

export const autoTopupImportBody = z.object({
  csv: z
    .string({ error: 'Upload a CSV file' })
    .min(1, 'The CSV file is empty')
    .max(256 * 1024, 'The CSV file is too large')
    .describe(
      'Header row then one subscriber per row: name,phone,network,type,amount,planCode,frequency,weekday,monthDay,date,time',
    ),
});

/** A bill subscriber's bill (null for airtime and data): what a bill says of its customer. */
const billOfSubscriber = billView
  .pick({
    biller: true,
    billerName: true,
    customerNumber: true,
    meterType: true,
    subscriptionType: true,
    bouquetCode: true,
    customerName: true,
  })
  .nullable();

export const autoTopupSubscriberView = z.object({
  id: z.string(),
  name: z.string(),
  phone: z.string(),
  network: z.string().describe("The network, or a bill's biller code (IKEDC, DSTV, ...)"),
  type: z.enum(VEND_KINDS),
  amountKobo: koboInt.nullable(),
  amount: z.string().nullable(),
  planCode: z.string().nullable(),
  bill: billOfSubscriber,
  frequency: z.enum(AUTO_TOPUP_FREQUENCIES),
  weekday: z.number().int().nullable(),
  monthDay: z.number().int().nullable(),
  onceDate: z.string().nullable(),
  time: z.string(),
  schedule: z.string().describe('The schedule in words'),
  paused: z.boolean(),
  nextRunAt: z.string().nullable().describe('Null when paused or a one-off that has run'),
  createdAt: z.string(),
});
export type AutoTopupSubscriberView = z.infer<typeof autoTopupSubscriberView>;

export const autoTopupImportResult = z.object({ created: z.number().int() });

export const autoTopupSubscribersQuery = pageQuery.extend({
  search: z.string().trim().max(100).optional(),
  status: z.enum(['ACTIVE', 'PAUSED'], { error: 'Choose ACTIVE or PAUSED' }).optional(),
});

export const autoTopupRunsQuery = listFilters.extend({
  ...cursorQuery.shape,
  status: z.enum(AUTO_TOPUP_RUN_STATUSES, { error: 'Unknown status' }).optional(),
  network: networkSchema.optional(),
  subscriberId: z.string().uuid('Unknown subscriber').optional(),
  format: csvFormat,
});
export type AutoTopupRunsQuery = z.input<typeof autoTopupRunsQuery>;

export const autoTopupRunView = z.object({
  id: z.string(),
  subscriberId: z.string(),
  subscriberName: z.string(),
  phone: z.string(),
  network: z.string().describe("The network, or a bill's biller code (IKEDC, DSTV, ...)"),
  type: z.enum(VEND_KINDS),
  planCode: z.string().nullable(),
  bill: z
    .object({
      biller: z.string(),
      billerName: z.string(),
      customerNumber: z.string(),
      token: z.string().nullable().describe('Prepaid electricity: the token masked, ****1234'),
      receiptReference: z.string().nullable(),
    })
    .nullable(),
  amountKobo: koboInt.nullable(),
  amount: z.string().nullable(),
  dueAt: z.string(),
  trigger: z.enum(['SCHEDULE', 'MANUAL']),
  status: z.enum(AUTO_TOPUP_RUN_STATUSES),
  reason: z.string().nullable(),
  vendId: z.string().nullable(),
  vendCode: z.string().nullable(),
  vendStatus: z.enum(VEND_STATUSES).nullable(),
  updatedAt: z.string(),
});
export type AutoTopupRunView = z.infer<typeof autoTopupRunView>;

export const autoTopupTotalsView = z.object({
  subscribers: z.number().int(),
  active: z.number().int(),
  paused: z.number().int(),
  runs: z.number().int(),
  successful: z.number().int(),
  notVended: z.number().int().describe('Runs skipped or refused'),
  vendedKobo: koboInt.describe('Face value of successful top-ups'),
  vended: z.string(),
});

export const adminAutoTopupView = z.object({
  corporate: z.object({
    id: z.string(),
    name: z.string(),
    status: z.string(),
    autoTopUpEnabled: z.boolean(),
  }),
  settings: autoTopupSettingsView,
  totals: autoTopupTotalsView,
});
export type AdminAutoTopupView = z.infer<typeof adminAutoTopupView>;

export const autoTopupIdParams = z.object({ id: z.string().uuid('Subscriber not found') });
export const autoTopupClientParams = z.object({ id: z.string().uuid('Corporate client not found') });

/** Money shown with its kobo. */
export const nairaOrNull = (kobo: number | null) => (kobo === null ? null : formatNaira(kobo));
