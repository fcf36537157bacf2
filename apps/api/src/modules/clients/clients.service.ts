// A client's credit terms: its type (PREPAID, POSTPAID, POSTPAID_PLUS) and credit limit. Changing
// either never moves money; it moves the floor the wallet may reach, so a change that would leave
// the wallet below its new floor is refused. The corporate row is locked first (FOR NO KEY UPDATE:
// the debits' foreign-key checks on it go on), then the wallet's row, as a debit locks it: the
// wallet's floor is kept on that row and rewritten with the terms (migration 0022), so a debit
// that holds it checks the old floor and commits before the change reads the balance, and one
// that comes after waits and checks the new floor. Never both act on a stale floor.
import {
  type ClientStatus,
  type ClientType,
  type CorporateClientDetailView,
  type CorporateClientView,
  formatNaira,
  koboToNairaString,
  walletFloorKobo,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { badRequest, notFound } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import * as repo from '../corporates';
import {
  type CorporateFilters,
  type CorporateRecord,
  findCorporateRecord,
  listCorporates,
  lockCorporateRecord,
  updateCorporateStatus,
} from '../corporates';
import { lockAccountBalance, type WalletTotals, walletAccountId, walletTotals } from '../ledger';
import { notifyCorporate } from '../notifications';
import { documentsCountOf } from '../verification';
import { walletSummary } from '../wallet';

export interface CreditTerms {
  corporateId: string;
  clientType: string;
  creditLimitKobo: number;
  balanceKobo: number;
  floorKobo: number;
  availableKobo: number;
}

const TYPE_NAMES: Record<string, string> = {
  PREPAID: 'Prepaid',
  POSTPAID: 'Postpaid',
  POSTPAID_PLUS: 'Postpaid Plus',
};

/**
 * Applies new credit terms in one transaction. `db` may be the app database or a transaction.
 * Returns the terms before and after.
 */
export async function changeCreditTerms(
  db: Db,
  corporateId: string,
  change: { clientType?: ClientType; creditLimitKobo?: number },
  rc?: RequestContext,
): Promise<{ before: CreditTerms; after: CreditTerms }> {
  return db.transaction(async (tx) => {
    const corp = await repo.lockCreditTerms(tx, corporateId);
    if (!corp) throw notFound('Corporate client');
    // Read under the wallet's lock: every debit that could lower the balance has committed or is waiting.
    const { balance } = await lockAccountBalance(tx, await walletAccountId(tx, corporateId));
    const newType = change.clientType ?? corp.clientType;
    const newLimit = change.creditLimitKobo ?? corp.creditLimitKobo;
    if (change.clientType && change.clientType === corp.clientType) {
      throw badRequest(`The client is already ${TYPE_NAMES[corp.clientType] ?? corp.clientType}`);
    }
    const newFloor = walletFloorKobo(newType, newLimit);
    if (balance < newFloor) {
      const owed = formatNaira(-balance);
      if (change.clientType) {
        throw badRequest(
          newFloor === 0
            ? `The wallet is ${owed} below zero; the client must repay before switching to ${TYPE_NAMES[newType] ?? newType}`
            : `The wallet is ${owed} below zero, beyond the ${formatNaira(-newFloor)} limit of a ${TYPE_NAMES[newType] ?? newType} client`,
        );
      }
      throw badRequest(`The client has used ${owed} of credit; the limit cannot be set below that`);
    }
    await repo.setCreditTerms(tx, corporateId, newType, newLimit);
    const terms = (type: string, limit: number): CreditTerms => {
      const floor = walletFloorKobo(type, limit);
      return {
        corporateId,
        clientType: type,
        creditLimitKobo: limit,
        balanceKobo: balance,
        floorKobo: floor,
        availableKobo: balance - floor,
      };
    };
    const before = terms(corp.clientType, corp.creditLimitKobo);
    const after = terms(newType, newLimit);
    if (change.clientType) {
      await notifyCorporate(
        tx,
        corporateId,
        'Account type changed',
        `Your account is now ${TYPE_NAMES[newType] ?? newType}. Your wallet balance is unchanged (${formatNaira(balance)}).`,
      );
      if (rc)
        await recordAudit(tx, rc, {
          action: 'clients.switch',
          targetType: 'corporate',
          targetId: corporateId,
          corporateId,
          summary: { from: corp.clientType, to: newType, balanceKobo: balance },
        });
    } else {
      await notifyCorporate(
        tx,
        corporateId,
        'Credit limit updated',
        `Your credit limit is now ${formatNaira(newLimit)}.`,
      );
      if (rc)
        await recordAudit(tx, rc, {
          action: 'clients.limit',
          targetType: 'corporate',
          targetId: corporateId,
          corporateId,
          summary: {
            from: koboToNairaString(corp.creditLimitKobo),
            to: koboToNairaString(newLimit),
            clientType: newType,
          },
        });
    }
    return { before, after };
  });
}

// ---------------------------------------------------------------- the admin's view of clients

export function corporateClientView(
  c: CorporateRecord,
  totals: WalletTotals | undefined,
): CorporateClientView {
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    msisdn: c.msisdn,
    clientType: c.clientType as CorporateClientView['clientType'],
    totalFunding: totals?.totalFundingKobo ?? 0,
    availableBalance: totals?.balanceKobo ?? 0,
    createdAt: c.createdAt.toISOString(),
    verificationRequestedAt: c.verificationRequestedAt?.toISOString() ?? null,
    verificationStatus: c.verificationStatus as CorporateClientView['verificationStatus'],
    status: c.status as CorporateClientView['status'],
    testMode: c.testMode,
    testModeAllowed: c.testModeAllowed,
    autoTopUpEnabled: c.autoTopUpEnabled,
    creditLimitKobo: c.creditLimitKobo,
  };
}

/** One page of clients with each one's wallet balance and total funding (one ledger read). */
export async function corporateClientsPage(db: Db, filters: CorporateFilters) {
  const { rows, total } = await listCorporates(db, filters);
  const totals = await walletTotals(
    db,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => corporateClientView(r, totals.get(r.id))), total };
}

export async function corporateClientDetail(db: Db, corporateId: string): Promise<CorporateClientDetailView> {
  const c = await findCorporateRecord(db, corporateId);
  if (!c) throw notFound('Corporate client');
  const [wallet, totals, documentsCount] = await Promise.all([
    walletSummary(db, corporateId),
    walletTotals(db, [corporateId]),
    documentsCountOf(db, corporateId),
  ]);
  return {
    ...corporateClientView(c, totals.get(corporateId)),
    wallet,
    documentsCount,
    verificationDeclineReason: c.verificationDeclineReason,
  };
}

const STATUS_NAMES: Record<ClientStatus, string> = { ACTIVE: 'active', INACTIVE: 'inactive' };

/**
 * Activates or deactivates a client. An inactive client can still sign in and read, but cannot
 * fund or vend (the funding and vending services check the status). The client is told.
 */
export async function setClientStatus(
  ctx: AppContext,
  corporateId: string,
  status: ClientStatus,
  rc: RequestContext,
): Promise<CorporateClientDetailView> {
  await ctx.db.transaction(async (tx) => {
    const c = await lockCorporateRecord(tx, corporateId);
    if (!c) throw notFound('Corporate client');
    if (c.status === status) throw badRequest(`The client is already ${STATUS_NAMES[status]}`);
    await updateCorporateStatus(tx, corporateId, status);
    const subject = status === 'ACTIVE' ? 'Account activated' : 'Account deactivated';
    const body =
      status === 'ACTIVE'
        ? 'Your VendPort account has been activated. You can fund your wallet and vend again.'
        : 'Your VendPort account has been deactivated. You can still sign in and read your history, but funding and vending are paused. Please contact support.';
    await notifyCorporate(tx, corporateId, subject, body);
    await ctx.mailer.send(tx, { to: c.email, subject, text: body });
    await recordAudit(tx, rc, {
      action: status === 'ACTIVE' ? 'clients.activate' : 'clients.deactivate',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { name: c.name, from: c.status, to: status },
    });
  });
  return corporateClientDetail(ctx.db, corporateId);
}

/** Client names by id (reports). */
export const corporateNames = (db: Db, ids: string[]) => repo.namesOf(db, ids);

/** Whether a client's portal is in test mode now. */
export async function testModeOf(db: Db, corporateId: string): Promise<boolean> {
  return (await findCorporateRecord(db, corporateId))?.testMode ?? false;
}
