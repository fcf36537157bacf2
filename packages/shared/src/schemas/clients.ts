// The admin's view of corporate clients (spec §3 Corporate account, §7 Clients): the list with
// its filters, one client with its wallet, and activation. Amounts leave as integer kobo.
import { z } from 'zod';
import { listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { CLIENT_TYPES, walletBalanceView } from './wallet';

export const CLIENT_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ClientStatus = (typeof CLIENT_STATUSES)[number];
export const VERIFICATION_STATUSES = ['PENDING', 'VERIFIED', 'DECLINED'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

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
  testMode: z.boolean(),
  creditLimitKobo: koboInt,
});
export type CorporateClientView = z.infer<typeof corporateClientView>;

export const corporateClientDetailView = corporateClientView.extend({ wallet: walletBalanceView });
export type CorporateClientDetailView = z.infer<typeof corporateClientDetailView>;

export const corporateClientParams = z.object({ id: z.string().uuid('Corporate client not found') });

export const corporateStatusBody = z.object({
  corporateId: z.string({ error: 'Choose a client' }).uuid('Choose a client'),
  status: z.enum(CLIENT_STATUSES, { error: 'Choose ACTIVE or INACTIVE' }),
  password: confirmPassword,
});
export type CorporateStatusBody = z.input<typeof corporateStatusBody>;
