// The alerts' public surface: the checks a vend asks for after its debit, the checks themselves
// (a VTU line after it is funded; tests), and the vend-failure job.

export { alertsJobs } from './balance-alerts.jobs';
export {
  balanceChecksIdle,
  checkVtuLine,
  checkWallet,
  queueBalanceChecks,
} from './balance-alerts.service';
