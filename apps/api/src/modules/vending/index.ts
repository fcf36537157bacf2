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
export { type FloatVendsFilter, floatHeldByVends, vendsOnFloatLines } from './float-vends.repo';
export { vendsSettled } from './place-vend.service';
export { vendAmountOf, vendFieldOf } from './vend-fields.repo';
export { liveVendsLastDay, pendingVendStats } from './vend-stats.repo';
export { checkBooks } from './vending.check';
export { vendingJobs } from './vending.jobs';
export type { VendCorporate } from './vending.repo';
export { vendClient } from './vending.repo';
