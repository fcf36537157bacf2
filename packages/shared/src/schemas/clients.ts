// The admin's view of corporate clients (spec §3 Corporate account, §7 Clients): the list with
// its filters, one client with its wallet, and activation. Amounts leave as integer kobo.
import { z } from 'zod';
import { listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { emailSchema, msisdnSchema } from './auth';
import { VERIFICATION_STATUSES } from './verification';
import { CLIENT_TYPES, CREDIT_CLIENT_TYPES, limitedAmount, walletBalanceView } from './wallet';

export const CLIENT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];

/** search matches name, email or phone; startDate/endDate bound the onboarding (created) date. */
export const corporateClientsQuery = listFilters.extend({
  status: z.enum(CLIENT_STATUSES).optional(),
  clientType: z.enum(CLIENT_TYPES).optional(),
});
export type CorporateClientsQuery = z.input<typeof corporateClientsQuery>;

const koboInt = z.number().int();

export const corporateClientView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  msisdn: z.string().nullable(),
  clientType: z.enum(CLIENT_TYPES),
  /** Kobo: every credit to the wallet from a funding (bank transfer, card, admin, repayment). */
  totalFunding: koboInt,
  /** Kobo: the wallet balance (negative while a credit client owes). */
  availableBalance: koboInt,
  createdAt: z.string(),
  verificationRequestedAt: z.string().nullable(),
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  status: z.enum(CLIENT_STATUSES),
  /** The client's portal is in test mode now (sandbox wallet, simulator). */
  testMode: z.boolean(),
  /** The platform lets the client switch test mode on (PUT test-mode). */
  testModeAllowed: z.boolean(),
  autoTopUpEnabled: z.boolean(),
  creditLimitKobo: koboInt,
});
export type CorporateClientView = z.infer<typeof corporateClientView>;

export const corporateClientDetailView = corporateClientView.extend({
  wallet: walletBalanceView,
  documentsCount: koboInt,
  verificationDeclineReason: z.string().nullable(),
});
export type CorporateClientDetailView = z.infer<typeof corporateClientDetailView>;

export const corporateClientParams = z.object({ id: z.string().uuid('Corporate client not found') });

export const corporateStatusBody = z.object({
  corporateId: z.string({ error: 'Choose a client' }).uuid('Choose a client'),
  status: z.enum(CLIENT_STATUSES, { error: 'Choose ACTIVE or INACTIVE' }),
  password: confirmPassword,
});
export type CorporateStatusBody = z.input<typeof corporateStatusBody>;

const corporateRef = z.string({ error: 'Choose a client' }).uuid('Choose a client');

/** PUT test-mode (admin): allow or forbid test mode for a client. Forbidding also switches it off. */
export const testModeBody = z.object({
  corporateId: corporateRef,
  allowed: z.boolean({ error: 'Say whether test mode is allowed' }),
  password: confirmPassword,
});
export type TestModeBody = z.input<typeof testModeBody>;

/** PUT client-test-mode (client): switch the own portal between live and test, when allowed. */
export const clientTestModeBody = z.object({
  testMode: z.boolean({ error: 'Choose live or test mode' }),
});
export type ClientTestModeBody = z.input<typeof clientTestModeBody>;

/** PUT corporate-clients/auto-topup (admin). */
export const autoTopupSwitchBody = z.object({
  corporateId: corporateRef,
  enabled: z.boolean({ error: 'Say whether auto top-up is enabled' }),
  password: confirmPassword,
});
export type AutoTopupSwitchBody = z.input<typeof autoTopupSwitchBody>;

/** PUT reset-password (admin): the client's owner gets a new temporary password by email. */
export const resetClientPasswordBody = z.object({ corporateId: corporateRef, password: confirmPassword });
export type ResetClientPasswordBody = z.input<typeof resetClientPasswordBody>;

const text = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} is too long`);

/** POST onboard (admin): a corporate client and its owner, who signs in with an emailed password. */
export const onboardBody = z
  .object({
    company_name: text('Company name'),
    first_name: text('First name'),
    last_name: text('Last name'),
    email: emailSchema,
    msisdn: msisdnSchema,
    clientType: z.enum(CLIENT_TYPES, { error: 'Choose PREPAID, POSTPAID or POSTPAID_PLUS' }),
    /** Naira; credit clients only. */
    creditLimit: limitedAmount('creditLimit', 'Credit limit').optional(),
    /** Services to assign; left out: the platform's default services. */
    serviceIds: z.array(z.string().uuid('Unknown service')).max(100).optional(),
  })
  .refine((b) => !b.creditLimit || (CREDIT_CLIENT_TYPES as readonly string[]).includes(b.clientType), {
    message: 'Only postpaid clients have a credit limit',
    path: ['creditLimit'],
  });
export type OnboardBody = z.input<typeof onboardBody>;

export const onboardResultView = z.object({ corporateId: z.string(), userId: z.string(), email: z.string() });

/** GET onboarding-data for an admin: what the onboarding form offers. */
export const adminOnboardingDataView = z.object({
  clientTypes: z.array(z.object({ value: z.enum(CLIENT_TYPES), label: z.string(), credit: z.boolean() })),
  services: z.array(
    z.object({
      id: z.string(),
      network: z.string(),
      service: z.string(),
      platform: z.string(),
      isDefault: z.boolean(),
    }),
  ),
});
export type AdminOnboardingDataView = z.infer<typeof adminOnboardingDataView>;
