// What a client's money looks like: wallet balance now and as at the end of a Lagos day (from
// the ledger entries), and for credit clients the limit, what is used and what is left.
import { CREDIT_CLIENT_TYPES, type WalletBalanceView } from '@vendport/shared';
import type { Db } from '../../infra/db/client';
import { lagosDayEnd } from '../../infra/lagos-time';
import { corporateBalances, walletBalanceBefore } from '../ledger';

export async function walletSummary(db: Db, corporateId: string, date?: string): Promise<WalletBalanceView> {
  const b = await corporateBalances(db, corporateId);
  const credit = (CREDIT_CLIENT_TYPES as readonly string[]).includes(b.clientType);
  const usedKobo = Math.max(0, -b.walletKobo);
  const asAtKobo = date ? await walletBalanceBefore(db, corporateId, lagosDayEnd(date)) : null;
  return {
    clientType: b.clientType,
    balanceKobo: b.walletKobo,
    floorKobo: b.floorKobo,
    availableKobo: b.walletKobo - b.floorKobo,
    creditLimitKobo: credit ? b.creditLimitKobo : null,
    usedKobo: credit ? usedKobo : null,
    commissionBalanceKobo: b.commissionKobo,
    sandboxBalanceKobo: b.sandboxKobo,
    asAt: date && asAtKobo !== null ? { date, balanceKobo: asAtKobo } : null,
  };
}
