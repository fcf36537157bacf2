// Providers' VTU lines (spec §7 VTU): adding, assigning and funding lines, their histories.
import { z } from 'zod';
import { AMOUNT_LIMITS } from '../amount-limits';
import { nairaAmount } from '../money';
import { listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { NETWORKS, normaliseMsisdn } from '../phone';
import { CATALOGUE_STATUSES, catalogueStatusSchema, networkSchema, SERVICE_TYPES } from './catalogue';
import { csvFormat, koboInt } from './fields';
import { VEND_STATUSES } from './vends';

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
  amount: nairaAmount({
    min: AMOUNT_LIMITS.vtuFunding.minKobo,
    max: AMOUNT_LIMITS.vtuFunding.maxKobo,
    label: 'Amount',
  }),
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
  providerBalanceKobo: koboInt.nullable().describe('The balance the provider reported at the last refresh'),
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
  status: z.enum(VEND_STATUSES),
  corporateName: z.string(),
  createdAt: z.string(),
});

export type VtuConsumptionView = z.infer<typeof vtuConsumptionView>;
