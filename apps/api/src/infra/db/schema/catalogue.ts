// The service catalogue: sellable products (network, service type, platform) with their commission
// rates and bounds, which clients may buy them, and the data plans.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates } from './identity';

/** A sellable product: (network, AIRTIME|DATA, platform) with its commission rate and bounds. */
export const services = pgTable(
  'services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    serviceType: text('service_type').notNull(),
    platform: text('platform').notNull(),
    /** Platforms tried next, in order, after a definite failure of the platform. */
    fallbackPlatforms: jsonb('fallback_platforms').$type<string[]>().notNull().default([]),
    commissionBps: integer('commission_bps').notNull().default(0),
    minAmountKobo: bigint('min_amount_kobo', { mode: 'number' }).notNull(),
    maxAmountKobo: bigint('max_amount_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('services_product_uq').on(t.network, t.serviceType, t.platform),
    check('services_commission_range', sql`${t.commissionBps} between 0 and 5000`),
    check('services_amount_bounds', sql`${t.minAmountKobo} > 0 and ${t.minAmountKobo} <= ${t.maxAmountKobo}`),
  ],
);

/** Which services a client may vend. */
export const serviceAssignments = pgTable(
  'service_assignments',
  {
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id),
    assignedById: uuid('assigned_by_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.corporateId, t.serviceId] }),
    index('service_assignments_service_idx').on(t.serviceId),
  ],
);

export const dataPlans = pgTable(
  'data_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    network: text('network').notNull(),
    /** Unique across networks, so an API call names a plan by its code alone. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    size: text('size').notNull(),
    validity: text('validity').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('ACTIVE'),
    /**
     * When the admins were told that a client tried to buy this plan and no provider on its route
     * has a code for it (issue 53 point 9): once, until a provider code is saved for the plan.
     */
    providerGapAlertedAt: ts('provider_gap_alerted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('data_plans_code_uq').on(sql`lower(${t.code})`),
    index('data_plans_network_idx').on(t.network, t.priceKobo),
    check('data_plans_price_positive', sql`${t.priceKobo} > 0`),
  ],
);

/**
 * Our data plans as each upstream provider knows them (issue 32): the provider's own code
 * (VTpass's variation_code) and its price. A plan with no active row for a provider is never sent
 * to it: the vend's route skips that provider. The simulator needs none (it takes our codes).
 */
export const providerPlans = pgTable(
  'provider_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dataPlanId: uuid('data_plan_id')
      .notNull()
      .references(() => dataPlans.id),
    /** VTPASS or RELOADLY. */
    provider: text('provider').notNull(),
    providerCode: text('provider_code').notNull(),
    /** What the provider charges for it, as it last said (service-variations). */
    providerPriceKobo: bigint('provider_price_kobo', { mode: 'number' }),
    active: boolean('active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('provider_plans_plan_uq').on(t.dataPlanId, t.provider),
    index('provider_plans_provider_idx').on(t.provider, t.providerCode),
  ],
);
