// The response envelope of the spec (§7): every answer carries success and message.
import { z } from 'zod';

export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'ACCOUNT_LOCKED',
  'TOO_MANY_REQUESTS',
  'RATE_LIMITED',
  'TWO_FACTOR_REQUIRED',
  'EMAIL_NOT_VERIFIED',
  'PASSWORD_CHANGE_REQUIRED',
  'FORBIDDEN',
  'WRONG_AREA',
  'TEST_MODE_NOT_ALLOWED',
  'NOT_FOUND',
  'CONFLICT',
  'INVALID_CODE',
  'CODE_EXPIRED',
  'INVALID_PASSWORD',
  'INSUFFICIENT_FUNDS',
  'CLIENT_INACTIVE',
  'VENDING_SUSPENDED',
  'DUPLICATE_REFERENCE',
  'IDEMPOTENCY_CONFLICT',
  'IP_NOT_ALLOWED',
  'SERVICE_UNAVAILABLE',
  'PLAN_UNAVAILABLE',
  'BILLER_NOT_ASSIGNED',
  'VERIFICATION_FAILED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const successEnvelope = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });

export const failureEnvelope = z.object({
  success: z.literal(false),
  message: z.string(),
  errors: z.array(z.string()),
  code: z.enum(ERROR_CODES),
});
export type FailureEnvelope = z.infer<typeof failureEnvelope>;

export type SuccessEnvelope<T> = { success: true; message: string; data: T };

/** The list shape of spec §3 (notifications and every paged list). */
export const paginated = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    success: z.literal(true),
    message: z.string(),
    data: z.array(item),
    currentPage: z.number().int(),
    lastPage: z.number().int(),
    hasMorePages: z.boolean(),
    total: z.number().int(),
    limit: z.number().int(),
  });
/**
 * A history's page read by keyset: the spec's list shape, the cursors of the next and previous
 * pages (null at the ends; send one back as `cursor` with page±1) and whether `total` (and so
 * `lastPage`) is an estimate (past 10,000 matching rows).
 */
export const keysetPaginated = <T extends z.ZodTypeAny>(item: T) =>
  paginated(item).extend({
    nextCursor: z.string().nullable(),
    prevCursor: z.string().nullable(),
    totalIsEstimate: z.boolean(),
  });
export type KeysetPaginated<T> = Paginated<T> & {
  nextCursor: string | null;
  prevCursor: string | null;
  totalIsEstimate: boolean;
};

export type Paginated<T> = {
  success: true;
  message: string;
  data: T[];
  currentPage: number;
  lastPage: number;
  hasMorePages: boolean;
  total: number;
  limit: number;
};
