// The reports module's public surface: its background job and the roll-up check.
export { reportsJobs } from './reports.jobs';
export { reportsRoutes } from './reports.routes';
export { buildRollups, checkRollups } from './rollup.service';
