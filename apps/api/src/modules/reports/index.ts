// The reports module's public surface: its background job and the roll-up check.
export { reportsJobs } from './reports.jobs';
export { buildRollups, checkRollups } from './rollup.service';
