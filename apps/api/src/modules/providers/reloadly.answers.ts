// Reloadly airtime answers → outcomes, for POST /topups and GET /topups/{transactionId}/status.
//
// Read from Reloadly's public documentation:
//   https://docs.reloadly.com/airtime/top-ups/top-up-status               (the status endpoint)
//   https://raphaelugwu.gitbook.io/airtime/top-ups/top-up-status          (its response parameters: the
//     four statuses; the same Airtime book as docs.reloadly.com, whose stored copy lacks the table)
//   https://raphaelugwu.gitbook.io/airtime/top-ups/top-up                 (POST /topups answer)
//   https://www.reloadly.com/blog/how-does-the-get-top-up-status-endpoint-work/  (the four statuses again)
//   https://raphaelugwu.gitbook.io/airtime/airtime-errors/error-codes     (errorCode table)
//   https://raphaelugwu.gitbook.io/airtime/~gitbook/pdf                   (the error body: timeStamp,
//     message, path, errorCode, infoLink, details)
//
// Statuses: SUCCESSFUL, PROCESSING, REFUNDED, FAILED are documented ("Top-ups can have one of the
// following four statuses"). PENDING is not in those pages: it falls to UNKNOWN like any other
// undocumented status, which is also what PROCESSING maps to.
//
// Definite refusals (issue 49: fail over at once, count toward the breaker): HTTP 401 or 403 to POST
// /topups after the client's one re-authentication (reloadly.client.ts), whatever the body: the
// error-codes page says the API "issues this status code [401 Unauthorized] when it detects an expired
// token", i.e. it refused the call before acting on it, and RFC 9110 §15.5.2/§15.5.4 define 401 and 403
// as a request not applied (https://www.rfc-editor.org/rfc/rfc9110#name-401-unauthorized); and the
// account-level codes of https://raphaelugwu.gitbook.io/airtime/airtime-errors/error-codes: TOKEN_EXPIRED,
// ACCOUNT_NOT_FOUND ("The user's account does not exist"), INACTIVE_ACCOUNT.
//
// Error codes not mapped, so UNKNOWN: TOPUP_TRANSACTION_FAILED (listed without a description: the page
// does not say whether anything was attempted), and every code not in the table. An error answer to the
// status query is UNKNOWN whatever its code: it describes the query (an expired token, say), not the
// top-up. The page prints two codes across a line break (OPERATOR_UNAVAILABLE_OR_ / CURRENTLY INACTIVE,
// MAX_DAILY_TRANSACTION_..._ / REACHED); they are joined with underscores here, which is unverified.
import { z } from 'zod';
import {
  type FailureKind,
  failed,
  lowBalance,
  refused,
  type UpstreamAnswer,
  type UpstreamOutcome,
  unknown,
  unreadable,
} from './upstream.answers';

/** errorCode → whose fault, for an error answer to POST /topups. */
const TOPUP_ERRORS: Readonly<Record<string, FailureKind>> = {
  // "The specified recipientPhone parameter in the request is not valid for the specified country."
  INVALID_RECIPIENT_PHONE: 'RECIPIENT',
  // "The specified phone number is not valid."
  INVALID_PHONE_NUMBER: 'RECIPIENT',
  // "A second recharge was attempted on a mobile number before the default waiting time of two minutes
  // could elapse."
  PHONE_RECENTLY_RECHARGED: 'RECIPIENT',
  COUNTRY_NOT_SUPPORTED: 'PROVIDER',
  OPERATOR_UNAVAILABLE_OR_CURRENTLY_INACTIVE: 'PROVIDER',
  // We send the operator; another provider may still serve the number.
  COULD_NOT_AUTO_DETECT_OPERATOR: 'PROVIDER',
  INVALID_AMOUNT_FOR_OPERATOR: 'PROVIDER',
  TOKEN_EXPIRED: 'PROVIDER',
  INSUFFICIENT_BALANCE: 'PROVIDER',
  MAX_DAILY_TRANSACTION_AMOUNT_REACHED: 'PROVIDER',
  MAX_DAILY_TRANSACTION_COUNT_REACHED: 'PROVIDER',
  ACCOUNT_NOT_FOUND: 'PROVIDER',
  INVALID_AMOUNT: 'PROVIDER',
  // Our sender phone, not the recipient's.
  INVALID_SENDER_PHONE: 'PROVIDER',
  INACTIVE_ACCOUNT: 'PROVIDER',
  TRANSACTION_CANNOT_BE_PROCESSED_AT_THE_MOMENT: 'PROVIDER',
  OPERATOR_NOT_IN_SERVICE: 'PROVIDER',
};

/** The errorCodes that refuse our account rather than the top-up (refusals: see above). */
export const RELOADLY_REFUSAL_CODES: ReadonlySet<string> = new Set([
  'TOKEN_EXPIRED',
  'ACCOUNT_NOT_FOUND',
  'INACTIVE_ACCOUNT',
]);

/** Whose fault a documented top-up error is (client-causes.ts reads a stored answer by it). */
export const reloadlyFailureKind = (errorCode: string): FailureKind | null =>
  Object.hasOwn(TOPUP_ERRORS, errorCode) ? TOPUP_ERRORS[errorCode]! : null;

/** Every errorCode this file gives a meaning to; any other is UNKNOWN (the property test's list). */
export const RELOADLY_DOCUMENTED_ERROR_CODES: readonly string[] = Object.keys(TOPUP_ERRORS);

/** Every top-up status this file gives a meaning to. */
export const RELOADLY_DOCUMENTED_STATUSES: readonly string[] = [
  'SUCCESSFUL',
  'PROCESSING',
  'REFUNDED',
  'FAILED',
];

const topup = z.object({ transactionId: z.number(), status: z.string() });
const errorBody = z.object({ errorCode: z.string(), message: z.string().nullish() });

function fromTopup(body: unknown): UpstreamOutcome {
  const parsed = topup.safeParse(body);
  if (!parsed.success) return unknown('Reloadly top-up answer does not parse');
  const { status, transactionId } = parsed.data;
  const said = `Reloadly top-up ${transactionId} ${status}`;
  switch (status) {
    case 'SUCCESSFUL':
      return { outcome: 'SUCCESSFUL', detail: said };
    // "This applies when the top-up attempt fails due to an internal error from the operator's end ...
    // Funds are not debited for a failed top-up attempt."
    case 'FAILED':
      return failed('PROVIDER', said);
    // "... any funds debited from a user's wallet while attempting to make the top-up are automatically
    // refunded."
    case 'REFUNDED':
      return { outcome: 'REVERSED', detail: said };
    default:
      return unknown(said); // PROCESSING ("still being verified from the operator's end"), anything else
  }
}

/** The answer to POST /topups. */
export function reloadlyTopupOutcome(answer: UpstreamAnswer): UpstreamOutcome {
  const early = unreadable(answer);
  if (early) return early;
  const { httpStatus, body } = answer as { httpStatus: number; body: unknown };
  if (httpStatus >= 200 && httpStatus < 300) return fromTopup(body);
  if (httpStatus < 400) return unknown(`HTTP ${httpStatus}`);
  const parsed = errorBody.safeParse(body);
  if (httpStatus === 401 || httpStatus === 403) {
    const code = parsed.success ? ` ${parsed.data.errorCode}` : '';
    return refused(`Reloadly HTTP ${httpStatus}${code} (refused after re-authenticating)`);
  }
  if (!parsed.success) return unknown(`HTTP ${httpStatus}, error body does not parse`);
  const { errorCode } = parsed.data;
  const said = `Reloadly HTTP ${httpStatus} ${errorCode}`;
  const kind = Object.hasOwn(TOPUP_ERRORS, errorCode) ? TOPUP_ERRORS[errorCode] : undefined;
  if (kind && RELOADLY_REFUSAL_CODES.has(errorCode)) return refused(said);
  if (errorCode === 'INSUFFICIENT_BALANCE') return lowBalance(said);
  return kind ? failed(kind, said) : unknown(`${said} (not documented)`);
}

/** The answer to GET /topups/{transactionId}/status. */
export function reloadlyStatusOutcome(answer: UpstreamAnswer): UpstreamOutcome {
  const early = unreadable(answer);
  if (early) return early;
  const { httpStatus, body } = answer as { httpStatus: number; body: unknown };
  if (httpStatus >= 200 && httpStatus < 300) return fromTopup(body);
  return unknown(`Reloadly status query answered HTTP ${httpStatus}`);
}
