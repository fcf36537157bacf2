// The auto top-up module's public surface: its routes, its scheduler job, and one pass of the
// scheduler (tests and tools drive it with their own clock), and the development hook that makes
// a client's subscribers due now.
export { autoTopupJobs } from './auto-topup.jobs';
export { autoTopupRoutes } from './auto-topup.routes';
export { runClientScheduleNow, runSchedule } from './scheduler.service';
