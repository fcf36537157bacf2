// Bills (issue 51): TV bouquets (catalogue), customer-number verifications and the bill facts of a
// vend of kind ELECTRICITY or TV (vending). A biller is a row of `services` (network = its code).
import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './columns';
import { corporates } from './identity';

/** A TV biller's bouquets as the provider lists them (VTpass service-variations). */
export const billBouquets = pgTable(
  'bill_bouquets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The biller's code (services.network of its service). */
    billerCode: text('biller_code').notNull(),
    /** The provider's variation_code. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    priceKobo: bigint('price_kobo', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('ACTIVE'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bill_bouquets_code_uq').on(t.billerCode, sql`lower(${t.code})`),
    check('bill_bouquets_price_positive', sql`${t.priceKobo} > 0`),
    check('bill_bouquets_status', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
  ],
);

/** One verification of a customer number with the provider (merchant-verify), reused for a while. */
export const billVerifications = pgTable(
  'bill_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    corporateId: uuid('corporate_id')
      .notNull()
      .references(() => corporates.id),
    mode: text('mode').notNull(),
    billerCode: text('biller_code').notNull(),
    kind: text('kind').notNull(),
    customerNumber: text('customer_number').notNull(),
    meterType: text('meter_type'),
    customerName: text('customer_name'),
    address: text('address'),
    currentBouquet: text('current_bouquet'),
    currentBouquetCode: text('current_bouquet_code'),
    renewalAmountKobo: bigint('renewal_amount_kobo', { mode: 'number' }),
    dueDate: text('due_date'),
    minimumAmountKobo: bigint('minimum_amount_kobo', { mode: 'number' }),
    /** The provider's answer as it came (support reads it). */
    raw: jsonb('raw').$type<unknown>(),
    verifiedAt: ts('verified_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('bill_verifications_corporate_idx').on(t.corporateId, t.verifiedAt)],
);

/**
 * What a bill vend paid and what the provider gave for it (token, units, receipt). Written just
 * before its vend (the vend's id is made first), so a vend of a bill kind always finds it; hence no
 * foreign key to vends: a row whose vend was refused (funds, a used reference) is deleted at once.
 */
export const vendBills = pgTable(
  'vend_bills',
  {
    vendId: uuid('vend_id').primaryKey(),
    billerCode: text('biller_code').notNull(),
    customerNumber: text('customer_number').notNull(),
    meterType: text('meter_type'),
    subscriptionType: text('subscription_type'),
    bouquetCode: text('bouquet_code'),
    bouquetName: text('bouquet_name'),
    customerName: text('customer_name'),
    customerAddress: text('customer_address'),
    phone: text('phone').notNull(),
    email: text('email'),
    verificationId: uuid('verification_id')
      .notNull()
      .references(() => billVerifications.id),
    /** Prepaid electricity: the token, in full (shown to its client only; never logged). */
    token: text('token'),
    units: text('units'),
    receiptReference: text('receipt_reference'),
    details: jsonb('details').$type<{ label: string; value: string }[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('vend_bills_customer_idx').on(t.customerNumber)],
);
