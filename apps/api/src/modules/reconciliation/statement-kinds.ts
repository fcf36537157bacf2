// How a statement line reads, per kind of ledger transfer: its type, the code the client knows it
// by (FR-, VND-, CP-, BT-, AF-: the ids on its funding and vending screens), and a description in
// the client's words. The ledger's reference (`bank-transfer-auto:<paystack ref>`,
// `card-reversal:CP-…`) and its stored description (a vend reversal's carries the upstream's answer)
// are internal: neither reaches a statement. The record is keyed by the ledger's kinds, so a kind
// added there fails to compile here; statement-kinds.test.ts checks it against the database's own
// list (the ledger_transfers_kind_known check), so a kind the database accepts cannot go unmapped.
import { billerOf } from '@vendport/shared';
import type { Db } from '../../infra/db/client';
import { isUuid } from '../../infra/db/sql';
import type { LedgerTransferKind } from '../ledger';
import { billsOfVends } from '../vending';
import { type CodeKeys, codesOf } from './reconciliation.repo';

/** Where a kind's client code comes from, given the key after the reference's `prefix:`. */
export type CodeSource =
  /** key: the fund request's id -> its FR- code. */
  | 'fund-request'
  /** key: the vend's id -> its VND- code (the debit, its reversal, a reroute's adjustment). */
  | 'vend'
  /** key: the admin funding's request key -> its AF- code. */
  | 'admin-funding'
  /** key: the card payment's CP- reference itself. */
  | 'card-payment'
  /** key: `<CP- reference>:<the gateway's key>` (a refund or dispute of a card payment) -> the CP- part. */
  | 'card-money'
  /** key: `<receivable id>:<credit transfer id>` -> the reversed card payment's CP- reference. */
  | 'card-receivable'
  /** key: Paystack's transaction reference -> the automatic transfer's BT- code. */
  | 'auto-transfer'
  /** No code of its own is shown anywhere (a commission payout, an adjustment): the cell stays empty. */
  | 'none';

export interface StatementKind {
  type: string;
  code: CodeSource;
  description: string;
}

export const STATEMENT_KINDS: Readonly<Record<LedgerTransferKind, StatementKind>> = {
  BANK_FUNDING: { type: 'Bank funding', code: 'fund-request', description: 'Wallet funded by bank transfer' },
  POSTPAID_REPAYMENT: {
    type: 'Postpaid repayment',
    code: 'fund-request',
    description: 'Postpaid repayment by bank transfer',
  },
  CARD_FUNDING: { type: 'Card funding', code: 'card-payment', description: 'Wallet funded by card' },
  BANK_TRANSFER_AUTO: {
    type: 'Bank transfer (automatic)',
    code: 'auto-transfer',
    description: 'Bank transfer to your funding account',
  },
  ADMIN_FUNDING: {
    type: 'Admin funding',
    code: 'admin-funding',
    description: 'Wallet funded by the platform',
  },
  VEND: { type: 'Vend', code: 'vend', description: 'Airtime or data purchase' },
  VEND_REROUTE: {
    type: 'Vend',
    code: 'vend',
    description: 'Price of a purchase delivered through another platform',
  },
  COMMISSION: { type: 'Commission', code: 'none', description: 'Commission paid to your wallet' },
  REVERSAL: { type: 'Reversal', code: 'vend', description: 'Refund of a purchase that was not delivered' },
  ADJUSTMENT: { type: 'Adjustment', code: 'none', description: 'Balance adjustment' },
  CARD_REVERSAL: {
    type: 'Card payment reversed',
    code: 'card-payment',
    description: 'Card payment reversed by the bank',
  },
  CARD_RECEIVABLE_RECOVERY: {
    type: 'Card reversal recovered',
    code: 'card-receivable',
    description: 'Recovery of a reversed card payment',
  },
  // A platform account's movement: never on a client's wallet, so never on a statement; mapped so
  // that a statement could not show it raw even so.
  VTU_FUNDING: { type: 'VTU line float', code: 'none', description: 'VTU line float' },
  // Moves the sandbox wallet, which statements do not cover (they are the live wallet's).
  SANDBOX_FUNDING: { type: 'Test money', code: 'none', description: 'Test money for the sandbox wallet' },
  VEND_RECHARGE: {
    type: 'Vend',
    code: 'vend',
    description: 'Purchase charged again, as the network delivered it',
  },
  VEND_WRITE_OFF: { type: 'Vend', code: 'vend', description: 'Purchase adjustment' },
  CARD_REFUND: {
    type: 'Card payment refunded',
    code: 'card-money',
    description: 'Card payment refunded by the bank',
  },
  CARD_DISPUTE: {
    type: 'Card payment disputed',
    code: 'card-money',
    description: 'Card payment disputed at the bank',
  },
  CARD_DISPUTE_RETURNED: {
    type: 'Card dispute won',
    code: 'card-money',
    description: 'Disputed card payment returned to your wallet',
  },
  // A correction after the payment gateway's records and ours were compared: its discrepancy code
  // is the admins' (no screen of the client shows it).
  GATEWAY_DISCREPANCY: {
    type: 'Payment gateway correction',
    code: 'none',
    description: 'Correction of a card payment after the payment gateway’s records',
  },
};

const UNMAPPED: StatementKind = { type: 'Other', code: 'none', description: 'Other movement' };

/** The mapping of a kind read from the ledger (a row older than the check could carry another). */
export const statementKind = (kind: string): StatementKind =>
  Object.hasOwn(STATEMENT_KINDS, kind) ? STATEMENT_KINDS[kind as LedgerTransferKind] : UNMAPPED;

/** The key after a reference's `prefix:`. */
export const referenceKey = (reference: string) => {
  const colon = reference.indexOf(':');
  return colon < 0 ? '' : reference.slice(colon + 1);
};

export interface ReadLine {
  reference: string;
  kind: string;
}

/** Each line's code (the client's, or '' when it has none) and type and description, in order. */
export async function statementWords(
  db: Db,
  lines: readonly ReadLine[],
): Promise<Array<{ code: string; type: string; description: string }>> {
  const keys: CodeKeys = {
    fundRequest: new Set(),
    vend: new Set(),
    adminFunding: new Set(),
    cardReceivable: new Set(),
    autoTransfer: new Set(),
  };
  const sourceKey = (l: ReadLine): [keyof CodeKeys, string] | null => {
    const key = referenceKey(l.reference);
    switch (statementKind(l.kind).code) {
      case 'fund-request':
        return isUuid(key) ? ['fundRequest', key] : null;
      case 'vend':
        return isUuid(key) ? ['vend', key] : null;
      case 'admin-funding':
        return key ? ['adminFunding', key] : null;
      case 'card-receivable': {
        const id = key.split(':')[0] ?? '';
        return isUuid(id) ? ['cardReceivable', id] : null;
      }
      case 'auto-transfer':
        return key ? ['autoTransfer', key] : null;
      default:
        return null;
    }
  };
  const wanted = lines.map(sourceKey);
  for (const w of wanted) if (w) keys[w[0]].add(w[1]);
  const [maps, bills] = await Promise.all([codesOf(db, keys), billsOfVends(db, [...keys.vend])]);
  return lines.map((l, i) => {
    const m = statementKind(l.kind);
    const w = wanted[i];
    const key = referenceKey(l.reference);
    const cp = m.code === 'card-money' ? key.split(':')[0]! : key;
    const code = w
      ? (maps[w[0]].get(w[1]) ?? '')
      : (m.code === 'card-payment' || m.code === 'card-money') && /^CP-[0-9A-Z]+$/.test(cp)
        ? cp
        : '';
    const bill = m.code === 'vend' ? bills.get(key) : undefined;
    return { code, type: m.type, description: bill ? billDescription(l.kind, m, bill) : m.description };
  });
}

/**
 * A bill's line (issue 51) says what was paid and for whom: "Electricity payment: Ikeja Electric,
 * meter number 1111111111111, token ****5319"; its refund or adjustment names it the same way.
 * The token is masked (a statement is a file that travels).
 */
function billDescription(
  kind: string,
  m: StatementKind,
  b: { biller: string; billerName: string; customerNumber: string; token: string | null },
): string {
  const info = billerOf(b.biller);
  const number = `${(info?.customerNumberLabel ?? 'Customer number').toLowerCase()} ${b.customerNumber}`;
  if (kind !== 'VEND') return `${m.description} (${b.billerName}, ${number})`;
  const what = info?.kind === 'TV' ? 'TV subscription' : 'Electricity payment';
  return `${what}: ${b.billerName}, ${number}${b.token ? `, token ${b.token}` : ''}`;
}
