// The vending module's public surface for the rest of the app: its background jobs, waiting for
// vends in flight at shutdown, the timeline other modules append to (webhook deliveries), the
// books' vending invariants, and the client terms the API-key plugin resolves per request.
export { vendsSettled } from './place-vend.service';
export { recordVendEvent } from './vend-events.repo';
export { checkBooks } from './vending.check';
export { vendingJobs } from './vending.jobs';
export type { VendCorporate } from './vending.repo';
