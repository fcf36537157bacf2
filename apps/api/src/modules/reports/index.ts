// The reports module's public surface: its background job, the roll-up check and the vending
// histories' totals (ctx.reads.vendTotal).
export { reportsJobs } from './reports.jobs';
export { reportsRoutes } from './reports.routes';
export { buildRollups, checkRollups } from './rollup.service';
export { vendTotal } from './vend-totals.service';
