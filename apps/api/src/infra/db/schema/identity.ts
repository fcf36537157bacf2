// Who can act: corporate clients, users of both areas, roles, sessions, one-time codes and
// sign-in attempts.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ts } from './columns';

export const corporates = pgTable(
  'corporates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    msisdn: text('msisdn'),
    clientType: text('client_type').notNull().default('PREPAID'),
    status: text('status').notNull().default('ACTIVE'),
    verificationStatus: text('verification_status').notNull().default('PENDING'),
    verificationRequestedAt: ts('verification_requested_at'),
    /** Why the last review declined the business (shown to the client); null otherwise. */
    verificationDeclineReason: text('verification_decline_reason'),
    verificationDecidedAt: ts('verification_decided_at'),
    verificationDecidedById: uuid('verification_decided_by_id'),
    /** The client's portal is in test mode now (sandbox wallet, simulator only). */
    testMode: boolean('test_mode').notNull().default(false),
    /** The platform lets the client switch test mode on (PUT test-mode); off forces test mode off. */
    testModeAllowed: boolean('test_mode_allowed').notNull().default(false),
    autoTopUpEnabled: boolean('auto_topup_enabled').notNull().default(false),
    upfrontCommission: boolean('upfront_commission').notNull().default(false),
    creditLimitKobo: bigint('credit_limit_kobo', { mode: 'number' }).notNull().default(0),
    /** Why the client may not vend for now (null: it may): set by funding while a card reversal
     * left it owing (an outstanding card receivable), cleared when later funding settles it. */
    vendingHold: text('vending_hold'),
    /** The API rate limits set for this client by an admin (issue 34): requests per second and
     * burst of each of its keys' buckets and of its own bucket; null: the platform's default. */
    rateKeyPerS: integer('rate_key_per_s'),
    rateKeyBurst: integer('rate_key_burst'),
    rateClientPerS: integer('rate_client_per_s'),
    rateClientBurst: integer('rate_client_burst'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('corporates_email_uq').on(t.email)],
);

export const roles = pgTable(
  'roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    area: text('area').notNull(),
    corporateId: uuid('corporate_id').references(() => corporates.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: jsonb('permissions').$type<string[]>().notNull().default([]),
    isSystem: boolean('is_system').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('roles_scope_name_uq').on(
      t.area,
      sql`coalesce(${t.corporateId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
      sql`lower(${t.name})`,
    ),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    area: text('area').notNull(),
    corporateId: uuid('corporate_id').references(() => corporates.id),
    roleId: uuid('role_id').references(() => roles.id),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    msisdn: text('msisdn'),
    passwordHash: text('password_hash').notNull(),
    defaultPassword: boolean('default_password').notNull().default(false),
    emailVerifiedAt: ts('email_verified_at'),
    status: text('status').notNull().default('ACTIVE'),
    /** AES-GCM encrypted TOTP secret (see infra/crypto); null means emailed codes. */
    totpSecretEnc: text('totp_secret_enc'),
    totpPendingEnc: text('totp_pending_enc'),
    totpEnabledAt: ts('totp_enabled_at'),
    lastLoginAt: ts('last_login_at'),
    passwordChangedAt: ts('password_changed_at'),
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email).where(sql`${t.deletedAt} is null`),
    index('users_corporate_idx').on(t.corporateId),
    // A corporate user without a corporate would be scoped to nothing, i.e. to everything.
    check('users_corporate_has_corporate', sql`${t.area} <> 'CORPORATE' OR ${t.corporateId} IS NOT NULL`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    twoFactorAt: ts('two_factor_at'),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Six-digit one-time codes, stored hashed: email verification, sign-in 2FA, password reset. */
export const authCodes = pgTable(
  'auth_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('auth_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Every sign-in attempt, for per-IP throttling and per-account lockout (kept in the database
 * so that several app instances share the counts). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('login_attempts_email_idx').on(t.email, t.createdAt),
    index('login_attempts_ip_idx').on(t.ip, t.createdAt),
  ],
);
