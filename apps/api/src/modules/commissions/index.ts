// The commissions module's public surface: its background job, and the commission settled in a
// period (the admin home's "commission paid").

export { commissionChecks } from './commissions.check';
export { commissionsJobs } from './commissions.jobs';
export { settledBetween as commissionSettledBetween } from './commissions.repo';
export { commissionsRoutes } from './commissions.routes';
