// The funding module's public surface outside its routes: its background job, its books
// invariants (run with the ledger's by checkBooks (books.ts)), and the reversal of a card payment
// the gateway reversed (refund, chargeback), for whatever learns of one (a gateway's webhook,
// a reconciliation with the gateway).

export {
  type CardReversalOptions,
  type CardReversalResult,
  reverseCreditedCardPayment,
} from './card/card-reversal.service';
export { fundingChecks } from './funding.check';
export { fundingJobs } from './funding.jobs';
export { fundingRoutes } from './funding.routes';
export { fundRequestsPage } from './requests/fund-requests.service';
