// Our data plans as each upstream provider knows them (issue 32): the provider's own code and
// price per plan, edited by an admin or proposed by a sync from the provider's plan list.
import { z } from 'zod';
import { AMOUNT_LIMITS } from '../amount-limits';
import { nairaAmount } from '../money';
import { NETWORKS } from '../phone';
import { CATALOGUE_STATUSES } from './catalogue';
import { koboInt } from './fields';

/** The upstream providers that know our plans by a code of their own. */
export const PLAN_PROVIDERS = ['VTPASS', 'RELOADLY'] as const;
export type PlanProvider = (typeof PLAN_PROVIDERS)[number];

export const planProviderSchema = z.enum(PLAN_PROVIDERS, { error: 'Choose VTPASS or RELOADLY' });

export const providerPlansQuery = z.object({ provider: planProviderSchema });

const providerCode = z
  .string({ error: 'The provider code is required' })
  .trim()
  .min(1, 'The provider code is required')
  .max(64, 'The provider code is at most 64 characters');

export const providerPlanBody = z.object({
  dataPlanId: z.string({ error: 'Choose a data plan' }).uuid('Unknown data plan'),
  provider: planProviderSchema,
  providerCode,
  providerPrice: nairaAmount({
    min: AMOUNT_LIMITS.providerPrice.minKobo,
    max: AMOUNT_LIMITS.providerPrice.maxKobo,
    label: 'Provider price',
  }),
  active: z.boolean({ error: 'Say whether the mapping is active' }),
});

/** One of our plans and its mapping at a provider (null: not mapped there). */
export const providerPlanView = z.object({
  dataPlanId: z.string(),
  network: z.enum(NETWORKS),
  code: z.string(),
  name: z.string(),
  priceKobo: koboInt,
  status: z.enum(CATALOGUE_STATUSES),
  provider: z.enum(PLAN_PROVIDERS),
  mapping: z
    .object({
      providerCode: z.string(),
      providerPriceKobo: koboInt.nullable(),
      active: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
});
export type ProviderPlanView = z.infer<typeof providerPlanView>;

export const providerPlanSyncBody = z.object({
  provider: z.literal('VTPASS', { error: 'Only VTPASS syncs' }),
});

/** What a sync proposes: nothing is changed until an admin accepts items of it. */
export const providerPlanSyncView = z.object({
  provider: z.enum(PLAN_PROVIDERS),
  new: z.array(
    z.object({
      providerCode: z.string(),
      name: z.string(),
      network: z.enum(NETWORKS),
      providerPriceKobo: koboInt,
    }),
  ),
  changed: z.array(
    z.object({
      dataPlanId: z.string(),
      code: z.string(),
      name: z.string(),
      network: z.enum(NETWORKS),
      providerCode: z.string(),
      oursKobo: koboInt.nullable().describe('The price recorded for the mapping'),
      theirsKobo: koboInt.describe("The provider's price now"),
    }),
  ),
  removed: z.array(
    z.object({
      dataPlanId: z.string(),
      code: z.string(),
      name: z.string(),
      network: z.enum(NETWORKS),
      providerCode: z.string(),
      oursKobo: koboInt.nullable().describe('The price recorded for the mapping'),
    }),
  ),
});
export type ProviderPlanSyncView = z.infer<typeof providerPlanSyncView>;

export const providerPlanAcceptBody = z.object({
  provider: planProviderSchema,
  changes: z
    .array(
      providerPlanBody.omit({ provider: true }).extend({
        providerPrice: nairaAmount({
          min: AMOUNT_LIMITS.providerPrice.minKobo,
          max: AMOUNT_LIMITS.providerPrice.maxKobo,
          label: 'Provider price',
        })
          .nullable()
          .describe('null keeps the price recorded for the mapping (a withdrawn code being deactivated)'),
      }),
    )
    .min(1, 'Choose at least one change')
    .max(500, 'At most 500 changes at once'),
});
