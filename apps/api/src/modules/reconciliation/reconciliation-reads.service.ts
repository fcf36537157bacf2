// Reconciliation's plain reads, as its routes call them (the repo's own functions).
export { listStatements } from './reconciliation.repo';
