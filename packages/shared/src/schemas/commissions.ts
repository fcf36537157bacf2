// Commissions (spec §7): the commission report, upfront rates and settlements.
import { z } from 'zod';
import { listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { networkSchema, PLATFORMS, serviceTypeSchema, VEND_KINDS } from './catalogue';
import { koboInt } from './fields';

/** UPFRONT: the wallet paid amount - commission; ACCRUED: commission credited to the commission
 * account, settled later; NONE: no commission (test mode, or a 0% service). */
export const COMMISSION_MODES = ['UPFRONT', 'ACCRUED', 'NONE'] as const;

export const commissionsQuery = listFilters.omit({ search: true }).extend({
  corporateId: z.string().uuid().optional().describe('Admins: one client'),
  network: networkSchema.optional(),
  serviceType: serviceTypeSchema.optional(),
  clientType: z.enum(['PREPAID', 'POSTPAID', 'POSTPAID_PLUS']).optional(),
});

const commissionLine = z.object({
  vends: z.number().int(),
  amountKobo: koboInt,
  commissionKobo: koboInt,
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
  pendingKobo: koboInt
    .nullable()
    .describe(
      'Commission of vends still pending, held in the commission balance but not earned yet (one client only)',
    ),
  upfrontCommission: z.boolean().nullable(),
  byDay: z.array(commissionLine.extend({ date: z.string() })),
  byService: z.array(
    commissionLine.extend({
      serviceId: z.string(),
      /** The network, or a bill's biller (issue 51: a biller is a service). */
      network: z.string(),
      service: z.enum(VEND_KINDS),
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
  vends: z.number().int(),
  trigger: z.enum(['ADMIN', 'SCHEDULE']),
  createdAt: z.string(),
});

export type CommissionSettlementView = z.infer<typeof commissionSettlementView>;
