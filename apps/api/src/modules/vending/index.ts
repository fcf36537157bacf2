// The vending module's public surface for the rest of the app: its background jobs, waiting for
// vends in flight at shutdown, the books' vending invariants, and the client terms the API-key
// plugin resolves per request. (Appending to a vend's timeline: timeline.service.)

export {
  type CommissionFilter,
  clientsWithUnsettledCommission,
  commissionAggregates,
  lockUnsettledCommission,
  markCommissionSettled,
  settledCommissionOf,
  unsettledCommissionTotal,
} from './commission-vends.repo';
export { prepareVend, resolveVend, vend, vendsSettled } from './place-vend.service';
export { type AttemptStats, attemptStats } from './vend-attempts.repo';
export { recordVendEvent } from './vend-events.repo';
export { vendAmountOf, vendFieldOf } from './vend-fields.repo';
export { failedLiveVendCounts, recentVends } from './vend-reads.service';
export { liveVendsLastDay, pendingVendStats } from './vend-stats.repo';
export { apiVendReplayable, vendingApiRoutes } from './vending.api.routes';
export { vendingChecks } from './vending.check';
export { vendingJobs } from './vending.jobs';
export { type VendCorporate, vendClient } from './vending.repo';
export { vendingRoutes } from './vending.routes';
