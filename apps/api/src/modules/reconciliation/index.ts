// The reconciliation module's public surface: its background job and the client's low-balance
// threshold (read by the balance alerts).
export { reconciliationJobs } from './reconciliation.jobs';
export { reconciliationRoutes } from './reconciliation.routes';
export { lowBalanceThresholdOf } from './reconciliation.service';
