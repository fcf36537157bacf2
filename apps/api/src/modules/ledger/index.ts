// The ledger module's public surface beyond its service: the books' invariant runner that other
// modules add their own checks to.

export type { LedgerTransferKind } from './ledger.repo';
export { clientAccountBalances, lockAccountBalance, sumOfWalletBalances } from './ledger.repo';
export {
  type AccountIds,
  accountBalance,
  accountIdsOf,
  asLedgerError,
  corporateBalances,
  ensureSystemAccounts,
  fundingByDay,
  insufficientFunds,
  reachedSince,
  type SystemAccount,
  systemAccountId,
  type TransferEntryInput,
  transfer,
  validateTransfer,
  type WalletTotals,
  walletAccountId,
  walletBalanceBefore,
  walletStatementLines,
  walletTotals,
} from './ledger.service';
export { checkLedgerAnd, formatLedgerReport, type Invariant } from './ledger-check';
export { ledgerAccountsRel, ledgerEntriesRel, ledgerTransfersRel } from './ledger-relations.repo';
