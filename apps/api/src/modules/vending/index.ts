// The vending module's public surface for the rest of the app: its background jobs, waiting for
// vends in flight at shutdown, the books' vending invariants, and the client terms the API-key
// plugin resolves per request. (Appending to a vend's timeline: timeline.service.)

export { apiVendReplayable, vendingApiRoutes } from './api/api-vend.routes';
export { apiBillRoutes } from './bills/api-bills.routes';
export { billsOfVends } from './bills/bill-reads.service';
export { findVerification } from './bills/bills.repo';
export { type BillPayInput, payBill, priceBill } from './bills/pay.service';
export { prepareVend, resolveVend, vend, vendMode, vendsSettled } from './lifecycle/place-vend.service';
export { type AttemptStats, attemptStats } from './lifecycle/vend-attempts.repo';
export { recordVendEvent } from './lifecycle/vend-events.repo';
export {
  type CommissionFilter,
  clientsWithUnsettledCommission,
  commissionAggregates,
  lockUnsettledCommission,
  markCommissionSettled,
  settledCommissionOf,
  unsettledCommissionTotal,
} from './records/commission-vends.repo';
export { vendAmountOf, vendBillFieldOf, vendFieldOf } from './records/vend-fields.repo';
export { clientFailureReason, failedLiveVendCounts, recentVends } from './records/vend-reads.service';
export { liveVendsLastDay, pendingVendStats } from './records/vend-stats.repo';
export { type VendCorporate, vendClient } from './records/vends.repo';
export { vendingChecks } from './vending.check';
export { vendingJobs } from './vending.jobs';
export { vendingRoutes } from './vending.routes';
