// The webhooks module's public surface: its background job, and what a module that makes vends
// final needs to queue their events in its own transaction (the outbox: an event is written
// atomically with the status it reports, so a crash can neither lose nor invent one).

export { webhooksJobs } from './webhooks.jobs';
export { failedDeliveriesCount } from './webhooks.repo';
export { webhooksRoutes } from './webhooks.routes';
export { newEventId, queueVendWebhook, WEBHOOK_QUEUE, webhookBody } from './webhooks.service';
