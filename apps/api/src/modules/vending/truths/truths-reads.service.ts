// The reads of the review queue and of the reconciliation runs, for the routes (which call
// services, never repos): each is the repo's read as it stands.
export {
  type DiscrepancyFilter,
  type DiscrepancyRow,
  findListedDiscrepancy,
  type ListedDiscrepancy,
  listDiscrepancies,
  openDiscrepancyCounts,
} from './discrepancies.repo';
export { findRun, listRuns, type ReconciliationRow } from './reconciliations.repo';
