// The ledger module's public surface beyond its service: the books' invariant runner that other
// modules add their own checks to.
export { checkLedgerAnd, type Invariant } from './ledger-check';
export { ledgerAccountsRel, ledgerEntriesRel, ledgerTransfersRel } from './ledger-relations';
