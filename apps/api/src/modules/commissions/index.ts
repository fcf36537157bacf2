// The commissions module's public surface: its background job.
export { commissionsJobs } from './commissions.jobs';
