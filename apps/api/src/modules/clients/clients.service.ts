// A client's credit terms: its type (PREPAID, POSTPAID, POSTPAID_PLUS) and credit limit. Changing
// either never moves money; it moves the floor the wallet may reach, so a change that would leave
// the wallet below its new floor is refused. The corporate row is locked FOR UPDATE first; the
// ledger's debit reads it FOR SHARE, so a debit and a change never both act on a stale floor.
import { type ClientType, formatNaira, koboToNairaString, walletFloorKobo } from '@vendport/shared';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { corporates, users } from '../../db/schema';
import { badRequest, invalidPassword, notFound } from '../../lib/errors';
import { corporateBalances } from '../ledger/ledger.service';
import { notifyCorporate } from '../notifications/notifications.service';
import type { AuditFn } from './audit-recorder';

/** The acting user's password, for password-confirmed actions; wrong -> 400 INVALID_PASSWORD. */
export async function confirmActingPassword(
  ctx: AppContext,
  userId: string,
  password: string,
): Promise<void> {
  const [u] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  if (!u || !(await ctx.hasher.verify(u.hash, password))) throw invalidPassword();
}

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
  record?: AuditFn,
): Promise<{ before: CreditTerms; after: CreditTerms }> {
  return db.transaction(async (tx) => {
    const [corp] = await tx
      .select({
        id: corporates.id,
        clientType: corporates.clientType,
        creditLimitKobo: corporates.creditLimitKobo,
      })
      .from(corporates)
      .where(eq(corporates.id, corporateId))
      .for('update');
    if (!corp) throw notFound('Corporate client');
    // Read after the lock: every debit that could lower the balance has committed or is waiting.
    const balances = await corporateBalances(tx, corporateId);
    const balance = balances.walletKobo;
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
    await tx
      .update(corporates)
      .set({ clientType: newType, creditLimitKobo: newLimit, updatedAt: new Date() })
      .where(eq(corporates.id, corporateId));
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
      await record?.(tx, {
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
      await record?.(tx, {
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
