// The funding module's public surface outside its routes: its background job.
export { fundingJobs } from './funding.jobs';
export { fundingRoutes } from './funding.routes';
export { fundRequestsPage } from './funding.service';
