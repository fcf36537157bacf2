// The admin Providers screen (issue 32 item 8): the upstreams' status, balances and last day of
// attempts, the provider order per platform, and the recurring balance read.
export { upstreamsJobs } from './upstreams.jobs';
export { upstreamsRoutes } from './upstreams.routes';
