// The funding module's public surface outside its routes: its background job, and its books
// invariants (run with the ledger's by checkBooks (books.ts)).

export { fundingChecks } from './funding.check';
export { fundingJobs } from './funding.jobs';
export { fundingRoutes } from './funding.routes';
export { fundRequestsPage } from './funding.service';
