// The funding module's public surface outside its routes: its background job, and its books
// invariants (run with the ledger's by vending's checkBooks).

export { fundingChecks } from './funding.check';
export { fundingJobs } from './funding.jobs';
