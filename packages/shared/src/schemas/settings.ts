// Platform settings (admin), SMTP, notification set-up (both areas), reconciliation statements
// and low-balance thresholds (client): spec §7 Settings.
import { z } from 'zod';
import { AMOUNT_LIMITS, type AmountField } from '../amount-limits';
import { nairaAmount } from '../money';
import { NOTIFICATION_EVENT_KEYS } from '../notification-events';
import { listFilters } from '../pagination';
import { emailSchema, msisdnSchema } from './auth';
import { rateFields } from './rate-limits';

const koboInt = z.number().int();
const naira = (label: string, field: AmountField) =>
  nairaAmount({ min: AMOUNT_LIMITS[field].minKobo, max: AMOUNT_LIMITS[field].maxKobo, label });
const text = (label: string, max: number) =>
  z
    .string({ error: `Enter the ${label.toLowerCase()}` })
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}`)
    .max(max, `${label} is too long (at most ${max} characters)`);

// ---------------------------------------------------------------- platform settings

export const platformSettingsBody = z.object({
  platformName: text('Platform name', 80),
  supportEmail: emailSchema,
  supportPhone: msisdnSchema,
  fundingBankName: text('Bank name', 80),
  fundingAccountNumber: z
    .string({ error: 'Enter the account number' })
    .trim()
    .regex(/^\d{10}$/, 'The account number is a 10-digit NUBAN'),
  fundingAccountName: text('Account name', 120),
  cardFeeRatePercent: z
    .union([z.string(), z.number()], { error: 'Enter the card fee percentage' })
    .transform((v, ctx) => {
      const s = String(v).trim();
      if (!/^\d{1,2}(\.\d{1,2})?$/.test(s) || Number(s) > 20) {
        ctx.addIssue({
          code: 'custom',
          message: 'The card fee percentage is a number from 0 to 20 with at most two decimals',
        });
        return z.NEVER;
      }
      const [whole, frac = ''] = s.split('.');
      return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
    })
    .describe('Percentage of the amount, e.g. "1.5" (stored as basis points)'),
  cardFeeFlat: naira('Flat card fee', 'cardFeeFlat'),
  cardFeeFlatFrom: naira('Flat fee threshold', 'cardFeeFlatFrom'),
  cardFeeCap: naira('Card fee cap', 'cardFeeCap'),
  lowBalanceThreshold: naira('Default low-balance threshold', 'alertThreshold'),
  vtuLowFloatThreshold: naira('VTU line low-float threshold', 'alertThreshold'),
  maxVendAmount: naira('Largest single vend', 'maxVendAmount'),
  vendFailureAlertCount: z.coerce
    .number({ error: 'Enter how many failed vends in an hour raise an alert' })
    .int('The failed-vend alert is a whole number of vends')
    .min(0, 'The failed-vend alert is 0 (off) or more')
    .max(10_000, 'The failed-vend alert is at most 10,000 vends')
    .describe('Failed live vends of one client within an hour that raise vend.failures; 0: off'),
  maintenanceBanner: z
    .string()
    .trim()
    .max(300, 'The maintenance banner is too long (at most 300 characters)')
    .default('')
    .describe('Shown at the top of every portal page while set; empty hides it'),
  // The vending API's default rate limits (issue 34); left out: the saved ones stay.
  apiRateKeyPerS: rateFields
    .keyPerS('default requests per second of an API key')
    .optional()
    .describe('Default requests a second of each API key'),
  apiRateKeyBurst: rateFields.keyBurst('default burst of an API key').optional(),
  apiRateClientPerS: rateFields
    .clientPerS('default requests per second of a client')
    .optional()
    .describe('Default requests a second of each client, across its keys'),
  apiRateClientBurst: rateFields.clientBurst('default burst of a client').optional(),
});
export type PlatformSettingsBody = z.input<typeof platformSettingsBody>;
export type PlatformSettingsValues = z.output<typeof platformSettingsBody>;

export const platformSettingsView = z.object({
  platformName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  fundingBankName: z.string(),
  fundingAccountNumber: z.string(),
  fundingAccountName: z.string(),
  cardFeeRateBps: koboInt,
  cardFeeFlatKobo: koboInt,
  cardFeeFlatFromKobo: koboInt,
  cardFeeCapKobo: koboInt,
  cardFeeRule: z.string().describe('The rule in words, as clients see it'),
  lowBalanceThresholdKobo: koboInt,
  vtuLowFloatThresholdKobo: koboInt,
  maxVendAmountKobo: koboInt,
  vendFailureAlertCount: z.number().int(),
  maintenanceBanner: z.string(),
  apiRateKeyPerS: z.number(),
  apiRateKeyBurst: z.number().int(),
  apiRateClientPerS: z.number(),
  apiRateClientBurst: z.number().int(),
  updatedAt: z.string().nullable(),
  smtp: z.object({
    enabled: z.boolean(),
    host: z.string(),
    port: z.number().int(),
    user: z.string(),
    secure: z.boolean(),
    hasPassword: z.boolean().describe('A password is stored (it is never sent back)'),
    source: z.enum(['SETTINGS', 'ENVIRONMENT', 'OUTBOX_ONLY']).describe('What the mailer uses now'),
    updatedAt: z.string().nullable(),
  }),
});
export type PlatformSettingsView = z.infer<typeof platformSettingsView>;

/** What every signed-in user may know of the platform (name, support contact, banner). */
export const publicPlatformView = z.object({
  platformName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  maintenanceBanner: z.string(),
  maxVendAmountKobo: z
    .number()
    .int()
    .describe('The largest single vend (platform settings): vend forms quote it with the service bounds'),
});
export type PublicPlatformView = z.infer<typeof publicPlatformView>;

export const smtpSettingsBody = z
  .object({
    enabled: z.boolean({ error: 'Say whether these SMTP settings are used' }),
    host: z
      .string()
      .trim()
      .max(253, 'The host is too long')
      .regex(/^[A-Za-z0-9.-]*$/, 'Enter a host name or IP address (letters, digits, dots and dashes)'),
    port: z.coerce
      .number({ error: 'Enter the port' })
      .int('The port is a whole number')
      .min(1, 'The port is from 1 to 65535')
      .max(65535, 'The port is from 1 to 65535'),
    user: z.string().trim().max(254, 'The user name is too long').default(''),
    password: z
      .string()
      .max(512, 'The password is too long')
      .optional()
      .describe('Leave out (or empty) to keep the stored password; never sent back'),
    clearPassword: z.boolean().default(false),
    secure: z
      .boolean()
      .default(false)
      .describe('TLS from the start (port 465); otherwise STARTTLS when offered'),
  })
  .refine((b) => !b.enabled || b.host.length > 0, { message: 'Enter the SMTP host', path: ['host'] });
export type SmtpSettingsBody = z.input<typeof smtpSettingsBody>;

export const smtpTestBody = z.object({ to: emailSchema });
export const smtpTestView = z.object({
  delivered: z.boolean(),
  via: z.enum(['SETTINGS', 'ENVIRONMENT', 'OUTBOX_ONLY']),
  serverAnswer: z.string().describe("The SMTP server's reply, or its error"),
  outboxId: z.string(),
});
export type SmtpTestView = z.infer<typeof smtpTestView>;

// ---------------------------------------------------------------- notification set-up

export const channelChoice = z.object({ inApp: z.boolean(), email: z.boolean() });
export const notificationPreferences = z.partialRecord(z.enum(NOTIFICATION_EVENT_KEYS), channelChoice);

export const notificationSetupBody = z.object({
  userId: z.string().uuid('Unknown user').optional().describe('Whose set-up (default: mine)'),
  preferences: notificationPreferences,
});
export type NotificationSetupBody = z.infer<typeof notificationSetupBody>;

export const notificationSetupView = z.object({
  userId: z.string(),
  area: z.enum(['ADMIN', 'CORPORATE']),
  events: z.array(
    z.object({
      key: z.enum(NOTIFICATION_EVENT_KEYS),
      label: z.string(),
      description: z.string(),
      inApp: z.boolean(),
      email: z.boolean(),
    }),
  ),
  updatedAt: z.string().nullable(),
});
export type NotificationSetupView = z.infer<typeof notificationSetupView>;

// ---------------------------------------------------------------- reconciliation

export const STATEMENT_FREQUENCIES = ['DAILY', 'WEEKLY'] as const;
/** CSV only, or CSV and PDF (the PDF is made from the same ledger entries). */
export const STATEMENT_FORMATS = ['CSV', 'CSV_PDF'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const reconciliationSettingsBody = z.object({
  enabled: z.boolean({ error: 'Say whether statements are produced' }),
  frequency: z.enum(STATEMENT_FREQUENCIES, { error: 'Choose daily or weekly' }),
  emails: z.array(emailSchema).max(5, 'At most 5 email addresses').default([]),
  inApp: z.boolean().default(true),
  format: z
    .enum(STATEMENT_FORMATS, { error: 'Choose CSV only (CSV) or CSV and PDF (CSV_PDF)' })
    .default('CSV'),
  lowBalanceThreshold: naira('Low-balance threshold', 'alertThreshold')
    .nullable()
    .default(null)
    .describe('Alert below this wallet balance; null uses the platform default'),
});
export type ReconciliationSettingsBody = z.input<typeof reconciliationSettingsBody>;

export const reconciliationSettingsView = z.object({
  enabled: z.boolean(),
  frequency: z.enum(STATEMENT_FREQUENCIES),
  emails: z.array(z.string()),
  inApp: z.boolean(),
  format: z.enum(STATEMENT_FORMATS),
  lowBalanceThresholdKobo: koboInt.nullable(),
  platformLowBalanceThresholdKobo: koboInt,
  updatedAt: z.string().nullable(),
});
export type ReconciliationSettingsView = z.infer<typeof reconciliationSettingsView>;

export const STATEMENT_KINDS = ['DAILY', 'WEEKLY', 'ON_DEMAND'] as const;

export const statementView = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(STATEMENT_KINDS),
  fromDate: z.string().describe('First Lagos day covered (YYYY-MM-DD)'),
  toDate: z.string().describe('Last Lagos day covered (YYYY-MM-DD)'),
  openingKobo: koboInt,
  creditsKobo: koboInt,
  debitsKobo: koboInt,
  closingKobo: koboInt,
  entryCount: z.number().int(),
  /**
   * The files this statement can be downloaded as, whatever the delivery format set now (issue 36
   * point 8): every stored statement has its CSV, and its PDF is drawn from the same figures.
   */
  formats: z.array(z.enum(['CSV', 'PDF'])),
  createdAt: z.string(),
});
export type StatementView = z.infer<typeof statementView>;

export const statementsQuery = listFilters.pick({ page: true, limit: true });
export const statementRequestBody = z
  .object({
    startDate: z.iso.date({ error: 'Use a real date in the format YYYY-MM-DD' }),
    endDate: z.iso.date({ error: 'Use a real date in the format YYYY-MM-DD' }),
  })
  .refine((b) => b.startDate <= b.endDate, {
    message: 'The start date must not be after the end date',
    path: ['endDate'],
  });
