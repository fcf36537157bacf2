// The admin Providers screen (issue 32 item 8): the upstreams' status, balances and last day of
// attempts, the provider order per platform, and the recurring balance read.
export { providerAdminJobs } from './provider-admin.jobs';
export { providerAdminRoutes } from './provider-admin.routes';
export { providerHealthRoutes } from './provider-health.routes';
export { announceProviderHealth } from './provider-health.service';
