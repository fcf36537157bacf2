// The commissions module's plain reads, as its routes call them (the repo's own functions).
export { listSettlements } from './commissions.repo';
