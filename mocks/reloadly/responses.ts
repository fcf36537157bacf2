// The bodies the Reloadly stand-in answers with. Each follows the example of the page it cites; fields the
// pages do not show are left out rather than guessed.
import type { Operator } from './catalogue.ts';

export type TopupStatus = 'SUCCESSFUL' | 'PROCESSING' | 'FAILED' | 'REFUNDED';

export interface Topup {
  transactionId: number;
  status: TopupStatus;
  /** What a PROCESSING top-up turns into when its status is asked (settleAfter times). */
  settlesTo?: Exclude<TopupStatus, 'PROCESSING'>;
  statusQueries: number;
  customIdentifier: string | null;
  /** International form without +, as the examples show it (2348147658720). */
  recipientPhone: string;
  operator: Operator;
  amount: number;
  /** Naira debited from the balance (0 once refunded or failed). */
  debited: number;
  createdAt: Date;
}

/** "2021-05-11 21:14:00": the stamp format of every Reloadly example (UTC here). */
export function stamp(at: Date): string {
  return at.toISOString().replace('T', ' ').slice(0, 19);
}

/**
 * The error shape of https://raphaelugwu.gitbook.io/airtime/~gitbook/pdf (balance, 401):
 * { timeStamp, message, path, errorCode, infoLink, details }.
 */
export function errorBody(at: Date, path: string, errorCode: string, message: string) {
  return { timeStamp: stamp(at), message, path, errorCode, infoLink: null, details: [] as unknown[] };
}

/** Messages: the error-codes table of https://raphaelugwu.gitbook.io/airtime/airtime-errors/error-codes, where it has one. */
export const ERROR_MESSAGES = {
  PHONE_RECENTLY_RECHARGED:
    'A second recharge was attempted on a mobile number before the default waiting time of two minutes could elapse.',
  INSUFFICIENT_BALANCE:
    "The user's account balance is not sufficient enough to carry out their intended request.",
  INVALID_RECIPIENT_PHONE:
    'The specified recipientPhone parameter in the request is not valid for the specified country.',
  COULD_NOT_AUTO_DETECT_OPERATOR: 'Could not auto detect operator for the given phone number.',
  OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE: 'The operator is unavailable or currently inactive.',
  INVALID_AMOUNT: 'The amount is not valid.',
  // The two below are the 401 answers of the Airtime book: an absent or unknown token, an expired one.
  INVALID_TOKEN: 'Full authentication is required to access this resource',
  TOKEN_EXPIRED: 'Access token is expired',
  // The quickstart (https://raphaelugwu.gitbook.io/airtime/quickstart) names this code for wrong credentials.
  INVALID_CREDENTIALS: 'Invalid client credentials',
  // Not documented: see README.md ("Not verified against the documentation").
  DUPLICATE_CUSTOM_IDENTIFIER: 'A top-up with this customIdentifier already exists.',
  TRANSACTION_NOT_FOUND: 'Transaction not found.',
  // Not documented either: the report's answer to a startDate or endDate it cannot read.
  INVALID_DATE_RANGE: 'The startDate or endDate is not in the format YYYY-MM-DD HH:mm:ss.',
} as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/**
 * A top-up as POST /topups, GET /topups/{id}/status and the transactions report show it: the example of
 * https://raphaelugwu.gitbook.io/airtime/top-ups/top-up with NGN amounts (useLocalAmount) and balanceInfo.
 */
export function topupBody(t: Topup, balanceAfter: number) {
  return {
    transactionId: t.transactionId,
    status: t.status,
    operatorTransactionId: t.status === 'SUCCESSFUL' ? `OP${t.transactionId}` : null,
    customIdentifier: t.customIdentifier,
    recipientPhone: t.recipientPhone,
    recipientEmail: null,
    senderPhone: null,
    countryCode: 'NG',
    operatorId: t.operator.operatorId,
    operatorName: t.operator.name,
    discount: 0,
    discountCurrencyCode: 'NGN',
    requestedAmount: t.amount,
    requestedAmountCurrencyCode: 'NGN',
    deliveredAmount: t.amount,
    deliveredAmountCurrencyCode: 'NGN',
    transactionDate: stamp(t.createdAt),
    pinDetail: null,
    balanceInfo: {
      oldBalance: balanceAfter + t.debited,
      newBalance: balanceAfter,
      cost: t.debited,
      currencyCode: 'NGN',
      currencyName: 'Nigerian Naira',
      updatedAt: stamp(t.createdAt),
    },
  };
}

/** The auto-detect answer of https://raphaelugwu.gitbook.io/airtime/operators/auto-detect-an-operator, in part. */
export function operatorBody(o: Operator) {
  return {
    id: o.operatorId,
    operatorId: o.operatorId,
    name: o.name,
    bundle: false,
    data: false,
    pin: false,
    supportsLocalAmounts: true,
    denominationType: 'RANGE',
    senderCurrencyCode: 'NGN',
    destinationCurrencyCode: 'NGN',
    localMinAmount: 50,
    localMaxAmount: 50_000,
    country: { isoName: 'NG', name: 'Nigeria' },
  };
}

/** GET /accounts/balance: https://raphaelugwu.gitbook.io/airtime/~gitbook/pdf (Account Balance). */
export function balanceBody(balance: number, updatedAt: Date) {
  return { balance, currencyCode: 'NGN', currencyName: 'Nigerian Naira', updatedAt: stamp(updatedAt) };
}

/**
 * A page of the transactions report: https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction
 * shows `content`; the paging fields beside it are the usual Spring page fields, not shown on that page.
 */
export function reportPage(content: unknown[], page: number, size: number, total: number) {
  return {
    content,
    totalElements: total,
    totalPages: Math.ceil(total / size),
    size,
    number: page - 1,
    first: page === 1,
    last: page * size >= total,
  };
}
