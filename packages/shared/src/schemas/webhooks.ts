// The client's webhook (spec §7 Settings): its URL, secret, event types and deliveries.
import { z } from 'zod';
import { listFilters } from '../pagination';
import { confirmPassword } from '../password';
import { VEND_MODES } from './vends';

export const WEBHOOK_EVENT_TYPES = [
  'vend.successful',
  'vend.failed',
  'vend.reversed',
  'bill.successful',
  'bill.failed',
  'bill.reversed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;

export const webhookUrlBody = z.object({
  url: z
    .string({ error: 'Enter the webhook URL' })
    .trim()
    .min(1, 'Enter the webhook URL')
    .max(2000, 'The URL is too long')
    .describe('https:// (or http://) URL on a public address that receives signed vend events'),
});

export const webhookSecretRotateBody = z.object({ password: confirmPassword });

export const webhookView = z.object({
  url: z.string().nullable(),
  secret: z.string().nullable().describe('Shown in full only in the answer that generated it'),
  secretMasked: z.string().nullable(),
  updatedAt: z.string().nullable(),
});

export type WebhookView = z.infer<typeof webhookView>;

export const webhookDeliveryView = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES),
  vendId: z.string().nullable(),
  vendCode: z.string().nullable(),
  url: z.string(),
  mode: z.enum(VEND_MODES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  resendOf: z.string().nullable(),
  createdAt: z.string(),
});

export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const webhookDeliveriesQuery = listFilters.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
  eventType: z.enum(WEBHOOK_EVENT_TYPES).optional(),
});
