// The balance alerts' public surface: the checks a vend asks for after its debit, and the
// checks themselves (a VTU line after it is funded; tests).
export {
  balanceChecksIdle,
  checkVtuLine,
  checkWallet,
  queueBalanceChecks,
} from './balance-alerts.service';
