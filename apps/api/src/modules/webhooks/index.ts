// The webhooks module's public surface: its background job.
export { webhooksJobs } from './webhooks.jobs';
