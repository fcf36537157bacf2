// The webhooks module's background job: one delivery attempt of an event, retried with backoff.
import type { ModuleJobs } from '../../infra/queue';
import { deliverWebhookJob, WEBHOOK_QUEUE } from './webhooks.service';

export const webhooksJobs: ModuleJobs = { handlers: { [WEBHOOK_QUEUE]: deliverWebhookJob } };
