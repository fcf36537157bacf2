// Environment parsed once, with Zod, at start. No DATABASE_URL means PGlite under DATA_DIR.
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

export const PROVIDER_IDS = ['SIMULATOR', 'VTPASS', 'RELOADLY'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

const providerList = csv.pipe(
  z.array(z.enum(PROVIDER_IDS, { message: `must be a comma list of ${PROVIDER_IDS.join(', ')}` })),
);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * What this process does: `api` serves HTTP, `worker` runs the job queue (requery, webhooks,
   * email, settlements...), `both` (the embedded default) does both. Any number of each may run
   * against one PostgreSQL database.
   */
  APP_ROLE: z.enum(['api', 'worker', 'both']).default('both'),
  /** Bearer token that GET /metrics requires; unset, metrics answer only on this machine. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
  HOST: z.string().default('localhost'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL connections kept by the server. Few: more only queue inside the database. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  DATA_DIR: z.string().default('./data'),
  /** Where `npm run db:backup` writes its dumps and manifests (the image sets /backups). */
  BACKUP_DIR: z.string().default('./backups'),
  /** 32+ characters used to encrypt API keys and TOTP secrets; generated into DATA_DIR when unset. */
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.string().email().default('admin@vendport.local'),
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  WEB_DIST: z.string().default('./apps/web/dist'),
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: z.coerce.number().int().default(587),
  SMTP_SECURE: bool.default(false),
  SMTP_USER: z.string().optional(),
  SMTP_PASS: z.string().optional(),
  MAIL_FROM: z.string().default('VendPort <no-reply@vendport.local>'),
  /** The development outbox reader GET /api/v1/dev/outbox; always off in production. */
  DEV_ROUTES: bool.optional(),
  /** Proxies whose X-Forwarded-For is trusted (addresses or CIDR ranges, comma separated). */
  TRUSTED_PROXIES: csv.default([]),
  /** Sign-in failures from one IP address allowed per 15 minutes. */
  LOGIN_IP_LIMIT: z.coerce.number().int().min(1).default(50),
  /** Sign-in failures allowed per account per hour before it locks (ASVS 2.2.1: at most 100). */
  LOGIN_ACCOUNT_LIMIT: z.coerce.number().int().min(1).max(100).default(10),
  /** Minutes a session lasts without rememberMe (a working day). */
  SESSION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(9 * 60),
  /** Days a session lasts with rememberMe. */
  SESSION_REMEMBER_DAYS: z.coerce.number().int().min(1).default(14),
  /** Argon2id cost: memory in KiB and iterations (defaults are OWASP's minimum: 19 MiB, 2). */
  ARGON2_MEMORY_KIB: z.coerce.number().int().min(19_456).default(19_456),
  ARGON2_ITERATIONS: z.coerce.number().int().min(2).default(2),
  /**
   * On SIGTERM, how long the server keeps serving while GET /health/ready answers 503 (draining),
   * before it stops listening: long enough for a load balancer's health check to take it out of
   * its pool (the compose file's proxy checks every 5 s; it sets 8000), so a rolling upgrade sends
   * it nothing it would refuse. 0 (the default) closes at once, as `npm start` does on Ctrl-C.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** Latency of the built-in provider simulator, per call (0 in tests and benchmarks). */
  SIMULATOR_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(150),
  // The vending API's default rate limits (issue 34) until an admin saves others in Settings:
  // requests a second and burst of each API key's bucket and of each client's. A rate may be
  // below 1 a second here (tests: a bucket that does not refill while they run); Settings takes
  // whole numbers.
  API_RATE_KEY_PER_S: z.coerce.number().positive().max(100_000).default(20),
  API_RATE_KEY_BURST: z.coerce.number().int().min(1).max(100_000).default(40),
  API_RATE_CLIENT_PER_S: z.coerce.number().positive().max(100_000).default(50),
  API_RATE_CLIENT_BURST: z.coerce.number().int().min(1).max(100_000).default(100),
  /** The simulator's fault profile on live ordinary numbers (the fault run): % definite failures. */
  SIMULATOR_FAILURE_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  /** % of calls that time out (their requery then says delivered or not, half each). */
  SIMULATOR_TIMEOUT_PERCENT: z.coerce.number().int().min(0).max(100).default(0),
  /** A random extra latency of 0 to this many ms per simulator call. */
  SIMULATOR_LATENCY_JITTER_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** A provider call without an answer in this time is a TIMEOUT: the vend stays PENDING. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /**
   * API vends answered early (`Prefer: respond-async`) whose delivery is still running, per
   * process at most this many; past it a vend's answer waits for its outcome, as without the header.
   */
  ASYNC_VEND_LIMIT: z.coerce.number().int().min(0).default(2_000),
  /**
   * The circuit breaker of each real upstream (issue 49; README "Provider health"): over the last
   * BREAKER_WINDOW_MS, once at least BREAKER_MIN_CALLS vends were sent to a provider and
   * BREAKER_FAILURE_PERCENT of them went wrong (timeout, 5xx, no connection, refused, unknown, a
   * failure on its side), it opens: new vends skip it for BREAKER_COOLDOWN_MS, then one probe (its
   * balance call) decides whether it closes. BREAKER_MIN_CALLS calls in a row gone wrong open it too.
   */
  BREAKER_WINDOW_MS: z.coerce.number().int().min(100).default(120_000),
  BREAKER_MIN_CALLS: z.coerce.number().int().min(1).default(10),
  BREAKER_FAILURE_PERCENT: z.coerce.number().int().min(1).max(100).default(50),
  BREAKER_COOLDOWN_MS: z.coerce.number().int().min(100).default(60_000),
  /** How long an instance reuses the breakers' states it read (every vend to a real upstream reads them). */
  BREAKER_CACHE_MS: z.coerce.number().int().min(0).default(1_000),
  /** The longest wait between two automatic requeries of a PENDING vend (the schedule's tail is hourly). */
  REQUERY_MAX_DELAY_S: z.coerce.number().int().min(1).default(3_600),
  /** A provider's answer body is read up to this size; a longer one is cut and kept as not parsed. */
  PROVIDER_BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1_024)
    .default(256 * 1024),
  /** A provider that still says "not found" this long after the call has definitely not vended. */
  PROVIDER_NOT_FOUND_GRACE_MINUTES: z.coerce.number().int().min(1).default(10),
  /** Webhook URLs on private, loopback or link-local addresses (tests and local development only). */
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  /** Time limit of one webhook delivery attempt. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** How often each app instance polls the job queue. */
  JOBS_POLL_MS: z.coerce.number().int().min(50).default(1_000),
  /** Hour of the day (Africa/Lagos) at which accrued commission is settled to wallets. */
  COMMISSION_SETTLEMENT_HOUR: z.coerce.number().int().min(0).max(23).default(1),
  /** The platform's bank collection account shown to clients funding by bank transfer. */
  FUNDING_BANK_NAME: z.string().min(1).default('VendPort Demo Bank'),
  FUNDING_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{10}$/, 'FUNDING_ACCOUNT_NUMBER must be a 10-digit NUBAN')
    .default('0000000000'),
  FUNDING_ACCOUNT_NAME: z.string().min(1).default('VendPort Collections'),
  /**
   * The card payment gateway adapter. `simulator` is the built-in one (it credits without real
   * money, so it is never the default in production); `paystack` is Paystack (PAYSTACK_SECRET_KEY
   * required); `none` turns card funding off.
   */
  CARD_GATEWAY: z.enum(['simulator', 'paystack', 'none']).optional(),
  /**
   * Paystack's secret key (sk_test_… or sk_live_…): the Bearer of every API call and the HMAC-SHA512
   * key of its webhooks. sk_test_ keys are refused in production.
   */
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]+$/, 'PAYSTACK_SECRET_KEY must look like sk_test_… or sk_live_…')
    .optional(),
  /** Paystack's API (default theirs; a local stand-in such as mocks/paystack in development). */
  PAYSTACK_BASE_URL: z.string().url().default('https://api.paystack.co'),
  /**
   * The bank of clients' dedicated virtual accounts (Paystack's preferred_bank slug, e.g. wema-bank,
   * titan-paystack; test-bank with a test key: https://paystack.com/docs/payments/dedicated-virtual-accounts/).
   * Dedicated accounts exist only with CARD_GATEWAY=paystack (its secret key).
   */
  PAYSTACK_DVA_BANK: z
    .string()
    .regex(/^[a-z0-9-]{2,60}$/, 'PAYSTACK_DVA_BANK must be a Paystack bank slug such as wema-bank')
    .default('wema-bank'),
  /** A Paystack call without an answer in this time leaves the payment pending (asked again later). */
  PAYSTACK_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /**
   * A card payment still PENDING this long after it started is checked with the gateway and,
   * unless the gateway says it was paid, expires (nothing credited).
   */
  CARD_PAYMENT_EXPIRY_MINUTES: z.coerce.number().int().min(5).max(1440).default(30),
  /** HMAC-SHA256 key of gateway callbacks; derived from APP_SECRET when unset. */
  GATEWAY_SECRET: z.string().min(32, 'GATEWAY_SECRET must be at least 32 characters').optional(),
  // Upstream providers (issue 32). A provider is configured when its keys are set.
  /** VTpass's API, up to and including /api (default their sandbox). */
  VTPASS_BASE_URL: z.string().url().default('https://sandbox.vtpass.com/api'),
  VTPASS_API_KEY: z.string().optional(),
  VTPASS_SECRET_KEY: z.string().optional(),
  VTPASS_PUBLIC_KEY: z.string().optional(),
  /** Reloadly's OAuth server and top-ups API (defaults their sandbox). */
  RELOADLY_AUTH_URL: z.string().url().default('https://auth.reloadly.com'),
  RELOADLY_BASE_URL: z.string().url().default('https://topups-sandbox.reloadly.com'),
  RELOADLY_CLIENT_ID: z.string().optional(),
  RELOADLY_CLIENT_SECRET: z.string().optional(),
  /** The key of Reloadly's X-Reloadly-Signature on callbacks; callbacks are refused without it. */
  RELOADLY_WEBHOOK_SECRET: z.string().optional(),
  /**
   * The providers serving each platform, in failover order (SIMULATOR, VTPASS, RELOADLY). Default
   * SIMULATOR outside production, nothing in production. The admin's Providers screen wins over
   * these once it has saved an order.
   */
  AGGREGATOR_PROVIDERS: providerList.optional(),
  VTU_PROVIDERS: providerList.optional(),
  // SMS (issue 51: a bill's receipt sent to a phone) through Termii's Messaging API,
  // https://developers.termii.com/messaging-api. Configured when the key and the sender id are set;
  // without them the phone option answers "SMS is not configured".
  /** Termii's API (its Nigerian host; the local stand-in, npm run mock:termii, in development). */
  TERMII_BASE_URL: z.string().url().default('https://api.ng.termii.com'),
  TERMII_API_KEY: z.string().min(1).optional(),
  /** The registered sender id the message comes from: 3 to 11 characters (Termii's rule). */
  TERMII_SENDER_ID: z
    .string()
    .regex(/^[A-Za-z0-9 ]{3,11}$/, 'TERMII_SENDER_ID must be 3 to 11 letters, digits or spaces')
    .optional(),
  /** Termii's route: dnd (transactional, reaches numbers on do-not-disturb; Termii's advice for
   * such messages) or generic (promotional). */
  TERMII_CHANNEL: z.enum(['dnd', 'generic']).default('dnd'),
  /** A send unanswered in this time is not confirmed (the message may still arrive). */
  TERMII_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** Below this balance (naira) at a provider, admins are alerted. */
  PROVIDER_LOW_BALANCE_NAIRA: z.coerce.number().int().min(0).default(50_000),
});

export type Config = z.infer<typeof configSchema> & {
  devRoutes: boolean;
  cardGateway: 'simulator' | 'paystack' | 'none';
  /** Settings that are allowed but deserve a word at start (printed by server.ts). */
  warnings: string[];
  /** The ordered providers of each platform from the environment (the database may override). */
  platformProviders: { AGGREGATOR: ProviderId[]; VTU: ProviderId[] };
  /** The providers whose keys are set (the simulator outside production). */
  configuredProviders: ProviderId[];
};

/** The providers whose keys are set. */
function configuredOf(c: z.infer<typeof configSchema>): ProviderId[] {
  const out: ProviderId[] = [];
  if (c.NODE_ENV !== 'production') out.push('SIMULATOR');
  if (c.VTPASS_API_KEY && c.VTPASS_SECRET_KEY && c.VTPASS_PUBLIC_KEY) out.push('VTPASS');
  if (c.RELOADLY_CLIENT_ID && c.RELOADLY_CLIENT_SECRET) out.push('RELOADLY');
  return out;
}

/**
 * In production the simulator never takes a live vend: a list naming it, a provider named without
 * its keys, or no platform with a real provider at all stops the server with what to set.
 */
function providerProblems(c: z.infer<typeof configSchema>, configured: ProviderId[]): string[] {
  const problems: string[] = [];
  const lists = { AGGREGATOR_PROVIDERS: c.AGGREGATOR_PROVIDERS, VTU_PROVIDERS: c.VTU_PROVIDERS };
  for (const [name, list] of Object.entries(lists)) {
    for (const p of list ?? []) {
      if (p === 'SIMULATOR' && c.NODE_ENV === 'production')
        problems.push(`${name}: the simulator cannot take live vends in production`);
      else if (!configured.includes(p))
        problems.push(
          `${name}: ${p} is named but not configured (set ${p === 'VTPASS' ? 'VTPASS_API_KEY, VTPASS_SECRET_KEY and VTPASS_PUBLIC_KEY' : 'RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET'})`,
        );
    }
  }
  if (
    c.NODE_ENV === 'production' &&
    problems.length === 0 &&
    !Object.values(lists).some((l) => (l ?? []).some((p) => p !== 'SIMULATOR'))
  ) {
    problems.push(
      'AGGREGATOR_PROVIDERS / VTU_PROVIDERS: no platform has a real provider. Set VTPASS_API_KEY, VTPASS_SECRET_KEY and VTPASS_PUBLIC_KEY (or RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET), then AGGREGATOR_PROVIDERS=VTPASS (or RELOADLY, or both in failover order)',
    );
  }
  return problems;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const clean = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(clean);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.NODE_ENV === 'production' && c.CARD_GATEWAY === 'simulator') {
    // Anyone could "pay" through the simulator's checkout and be credited: never with real money.
    throw new Error('Invalid configuration:\n  CARD_GATEWAY: the simulator cannot run in production');
  }
  if (c.NODE_ENV === 'production' && c.DATABASE_URL && !c.APP_SECRET) {
    // Each instance would generate its own into DATA_DIR: a key sealed by one could not be read
    // by another (and two starting together race to write the file).
    throw new Error(
      'Invalid configuration:\n  APP_SECRET: required in production on PostgreSQL, the same in every instance (32+ characters: openssl rand -hex 32)',
    );
  }
  const warnings: string[] = [];
  const paystackKey = c.PAYSTACK_SECRET_KEY;
  if (c.CARD_GATEWAY === 'paystack' && !paystackKey) {
    throw new Error(
      'Invalid configuration:\n  PAYSTACK_SECRET_KEY: required with CARD_GATEWAY=paystack (your Paystack secret key, sk_live_… in production)',
    );
  }
  if (paystackKey?.startsWith('sk_test_') && c.NODE_ENV === 'production') {
    // A test key takes no real money: clients would "pay" and be credited for nothing.
    throw new Error(
      'Invalid configuration:\n  PAYSTACK_SECRET_KEY: a test key (sk_test_…) cannot run in production; set your live key (sk_live_…)',
    );
  }
  if (paystackKey?.startsWith('sk_live_') && c.NODE_ENV !== 'production') {
    warnings.push(
      `PAYSTACK_SECRET_KEY is a live key (sk_live_…) but NODE_ENV is ${c.NODE_ENV}: card payments here move real money`,
    );
  }
  const configuredProviders = configuredOf(c);
  const problems = providerProblems(c, configuredProviders);
  if (problems.length > 0) throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  const devRoutes = c.NODE_ENV === 'production' ? false : (c.DEV_ROUTES ?? true);
  const cardGateway = c.CARD_GATEWAY ?? (c.NODE_ENV === 'production' ? 'none' : 'simulator');
  const fallback: ProviderId[] = c.NODE_ENV === 'production' ? [] : ['SIMULATOR'];
  const platformProviders = {
    AGGREGATOR: c.AGGREGATOR_PROVIDERS ?? fallback,
    VTU: c.VTU_PROVIDERS ?? fallback,
  };
  return { ...c, devRoutes, cardGateway, platformProviders, configuredProviders, warnings };
}
