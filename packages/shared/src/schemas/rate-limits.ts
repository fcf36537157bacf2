// The vending API's rate limits (issue 34): token buckets per API key and per client. The
// platform sets the defaults (admin Settings), an admin may set a client's own (its detail page),
// and the client sees its limits and its last hour's refusals on its API settings.
import { z } from 'zod';

/** The largest rate (requests a second) and burst an admin may set: far above any client's need. */
export const RATE_LIMIT_MAX_PER_S = 100_000;
export const RATE_LIMIT_MAX_BURST = 100_000;

/** The platform's defaults until an admin saves others (the environment may give other first values). */
export const DEFAULT_API_RATE_LIMITS = {
  keyPerS: 20,
  keyBurst: 40,
  clientPerS: 50,
  clientBurst: 100,
} as const;

const whole = (label: string, max: number) =>
  z.coerce
    .number({ error: `Enter the ${label}` })
    .int(`The ${label} is a whole number`)
    .min(1, `The ${label} is at least 1`)
    .max(max, `The ${label} is at most ${max.toLocaleString('en-NG')}`);

export const rateFields = {
  keyPerS: (label = 'requests per second of a key') => whole(label, RATE_LIMIT_MAX_PER_S),
  keyBurst: (label = 'burst of a key') => whole(label, RATE_LIMIT_MAX_BURST),
  clientPerS: (label = 'requests per second of the client') => whole(label, RATE_LIMIT_MAX_PER_S),
  clientBurst: (label = 'burst of the client') => whole(label, RATE_LIMIT_MAX_BURST),
};

/** An empty field (null, or an empty string from a form) takes the platform's default. */
const orDefault = (schema: z.ZodType<number>) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

/** PUT corporate-clients/{id}/api-rate-limits (admin): the client's own limits; null: the default. */
export const rateLimitOverrideBody = z.object({
  keyPerS: orDefault(rateFields.keyPerS()).describe('Requests a second per key; null: platform default'),
  keyBurst: orDefault(rateFields.keyBurst()).describe('Burst per key; null: platform default'),
  clientPerS: orDefault(rateFields.clientPerS()).describe('Requests a second for the client; null: default'),
  clientBurst: orDefault(rateFields.clientBurst()).describe('Burst for the client; null: platform default'),
});
export type RateLimitOverrideBody = z.input<typeof rateLimitOverrideBody>;

const bucketView = z.object({
  perSecond: z.number().describe('Tokens added a second'),
  burst: z.number().int().describe('Calls that may be made at once from a full bucket'),
  source: z.enum(['DEFAULT', 'CLIENT']).describe('The platform default, or set for this client'),
});

export const apiRateLimitsView = z.object({
  key: bucketView.describe('Each API key’s bucket'),
  client: bucketView.describe('The client’s bucket, shared by its keys'),
  override: z.object({
    keyPerS: z.number().int().nullable(),
    keyBurst: z.number().int().nullable(),
    clientPerS: z.number().int().nullable(),
    clientBurst: z.number().int().nullable(),
  }),
  defaults: z.object({
    keyPerS: z.number(),
    keyBurst: z.number().int(),
    clientPerS: z.number(),
    clientBurst: z.number().int(),
  }),
  refusals: z.object({
    since: z.string().describe('An hour ago (ISO 8601)'),
    total: z.number().int(),
    byKey: z.array(
      z.object({
        keyId: z.string(),
        mode: z.enum(['LIVE', 'TEST']).nullable(),
        masked: z
          .string()
          .nullable()
          .describe('The key as the API keys card shows it; null: a key since removed'),
        revoked: z.boolean(),
        refused: z.number().int(),
      }),
    ),
  }),
});
export type ApiRateLimitsView = z.infer<typeof apiRateLimitsView>;
