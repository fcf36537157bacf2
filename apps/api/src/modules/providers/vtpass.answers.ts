// VTpass answers → outcomes, for POST /api/pay, POST /api/requery and the transaction-update webhook.
//
// Read from VTpass's public documentation:
//   https://www.vtpass.com/documentation/response-codes/             (the "code" table, both versions of it)
//   https://www.vtpass.com/documentation/?p=576                       (the same page by id: its notes on
//     timeouts and unclear answers)
//   https://www.vtpass.com/documentation/callback-api-integration/   (webhook types)
//   https://www.vtpass.com/documentation/re-query-services/          (the requery answer's shape)
//   https://www.vtpass.com/documentation/transaction-update-webhook-api/  (transaction-update, reversal update)
//
// The documentation's own rules, which this file follows:
//   "Take any response that differs from the guildelines provided here as pending, and initiate a
//    transaction requery accordingly."
//   "If transaction times out or response is not received, please treat as pending ..."
//   000: "Please check [content][transactions][status] for the status of the transaction. It would
//    contain the actual state like initiated, pending, delivered, reversed, resolved."
//
// Definite refusals (issue 49: they fail over at once and count toward the provider's breaker), each
// with the words of https://www.vtpass.com/documentation/response-codes/ (also ?p=576): 011 INVALID
// ARGUMENTS "You are not passing at least one of the arguments expected in your request" (a malformed
// request), 021 ACCOUNT LOCKED "Your account is locked", 022 ACCOUNT SUSPENDED "Your account is
// suspended", 023 API ACCESS NOT ENABLE FOR USER "Your account does not have API access enabled", 024
// ACCOUNT INACTIVE "Your account is inactive". Each refuses our account or our request, never the
// recipient, so nothing was delivered.
//
// Not mapped, so UNKNOWN (said here because a reader may expect them):
// - 027, 028, 031, 032, 034, 035, 040, 083, 085, 087, 089: public client code lists them (IP not
//   whitelisted, service suspended, transaction reversal, system error, improper request id, invalid
//   credentials, request being processed, ...), but the stored copies of VTpass's page show the table
//   only up to 026, so their meaning is not verified against VTpass's own words. Read again for issue
//   49 (search of the stored pages, response-codes and ?p=576): still no row past 026, so 087 stays
//   UNKNOWN here; a provider answering it keeps tripping its breaker as unknown instead
//   (health.service.ts), so new vends still leave it.
// - 025, 026: documented, but for bank transfers, which VendPort never sends; an answer we do not expect
//   is one we cannot classify.
// - 001 TRANSACTION QUERY and 044 TRANSACTION RESOLVED ("Please contact us for more info"): neither says
//   whether value was delivered.
// - a `failed` status under 000: the documentation's list of states does not name it.
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

/** Codes VTpass documents as a definite failure of a purchase, and whose fault it is. */
const PURCHASE_FAILURES: Readonly<Record<string, { kind: FailureKind; meaning: string; refusal?: true }>> = {
  '010': { kind: 'PROVIDER', meaning: 'VARIATION CODE DOES NOT EXIST' },
  '011': { kind: 'PROVIDER', meaning: 'INVALID ARGUMENTS', refusal: true },
  '012': { kind: 'PROVIDER', meaning: 'PRODUCT DOES NOT EXIST' },
  '013': { kind: 'PROVIDER', meaning: 'BELOW MINIMUM AMOUNT ALLOWED' },
  '016': { kind: 'PROVIDER', meaning: 'TRANSACTION FAILED' },
  '017': { kind: 'PROVIDER', meaning: 'ABOVE MAXIMUM AMOUNT ALLOWED' },
  '018': { kind: 'PROVIDER', meaning: 'LOW WALLET BALANCE' },
  // Same service, same number, within 30 seconds: the recipient was just served; another provider
  // would vend twice.
  '019': { kind: 'RECIPIENT', meaning: 'LIKELY DUPLICATE TRANSACTION' },
  // 020 and 030 are in the verification table, of which the page says "Note if any of the below status
  // code is gotten during product purchase, treat as failed."
  '020': { kind: 'PROVIDER', meaning: 'BILLER CONFIRMED' },
  '021': { kind: 'PROVIDER', meaning: 'ACCOUNT LOCKED', refusal: true },
  '022': { kind: 'PROVIDER', meaning: 'ACCOUNT SUSPENDED', refusal: true },
  '023': { kind: 'PROVIDER', meaning: 'API ACCESS NOT ENABLE FOR USER', refusal: true },
  '024': { kind: 'PROVIDER', meaning: 'ACCOUNT INACTIVE', refusal: true },
  '030': { kind: 'PROVIDER', meaning: 'BILLER NOT REACHABLE AT THIS POINT' },
  // "Transaction is not processed and you will not be charged for this transaction."
  '091': { kind: 'PROVIDER', meaning: 'TRANSACTION NOT PROCESSED' },
};

/** Whose fault a documented purchase failure is (client-causes.ts reads a stored answer by it). */
export const vtpassFailureKind = (code: string): FailureKind | null =>
  Object.hasOwn(PURCHASE_FAILURES, code) ? PURCHASE_FAILURES[code]!.kind : null;

/** On a requery, only the codes that describe the transaction itself are failures. The others (invalid
 * arguments, account locked, low balance, ...) may describe the requery request rather than the vend,
 * and a requery that wrongly says FAILED would refund a vend that may have been delivered. */
const REQUERY_FAILURES = new Set(['016', '091']);

/** The codes that refuse our account or request (a definite refusal: fail over, count toward the breaker). */
export const VTPASS_REFUSAL_CODES: readonly string[] = Object.keys(PURCHASE_FAILURES).filter(
  (c) => PURCHASE_FAILURES[c].refusal,
);

/** Every code this file gives a meaning to; any other code is UNKNOWN (the property test's list). */
export const VTPASS_DOCUMENTED_CODES: readonly string[] = [
  '000',
  '099',
  '014',
  '015',
  ...Object.keys(PURCHASE_FAILURES),
];

const answerBody = z.object({
  code: z.string(),
  response_description: z.string().optional(),
  content: z.unknown().optional(),
});

const transactionStatus = z.object({ transactions: z.object({ status: z.string() }) });

type Endpoint = 'pay' | 'requery';

function classify(body: unknown, endpoint: Endpoint): UpstreamOutcome {
  const parsed = answerBody.safeParse(body);
  if (!parsed.success) return unknown('VTpass answer does not parse');
  const { code, content } = parsed.data;
  const said = `VTpass ${code}${parsed.data.response_description ? ` ${parsed.data.response_description}` : ''}`;
  if (code === '000') {
    const inner = transactionStatus.safeParse(content);
    if (!inner.success) return unknown(`${said} without content.transactions.status`);
    const status = inner.data.transactions.status;
    if (status === 'delivered') return { outcome: 'SUCCESSFUL', detail: `${said}, delivered` };
    if (status === 'reversed') return { outcome: 'REVERSED', detail: `${said}, reversed` };
    return unknown(`${said}, status ${status}`); // initiated, pending, resolved, anything else
  }
  if (code === '099') return unknown(said); // TRANSACTION IS PROCESSING: requery
  if (code === '014' && endpoint === 'pay') return { outcome: 'REQUEST_ID_REUSED', detail: said };
  if (code === '015' && endpoint === 'requery') return { outcome: 'NOT_FOUND', detail: said };
  const failure = Object.hasOwn(PURCHASE_FAILURES, code) ? PURCHASE_FAILURES[code] : undefined;
  if (failure && endpoint === 'pay' && failure.refusal) return refused(said);
  if (code === '018' && endpoint === 'pay') return lowBalance(said);
  if (failure && (endpoint === 'pay' || REQUERY_FAILURES.has(code))) return failed(failure.kind, said);
  return unknown(`${said} (not a documented answer to ${endpoint})`);
}

/** The answer to POST /api/pay. */
export function vtpassPayOutcome(answer: UpstreamAnswer): UpstreamOutcome {
  return unreadable(answer) ?? classify((answer as { body: unknown }).body, 'pay');
}

/** The answer to POST /api/requery. */
export function vtpassRequeryOutcome(answer: UpstreamAnswer): UpstreamOutcome {
  return unreadable(answer) ?? classify((answer as { body: unknown }).body, 'requery');
}

const notification = z.object({ type: z.string(), data: z.unknown() });

/** A webhook VTpass posts to us (`{ type, data }`): `transaction-update` carries a requery-shaped
 * answer in `data`, the final state of a transaction that was pending, or a reversal of a delivered one
 * (`reversed`). Other types (variation-codes updates) say nothing about a vend. */
export function vtpassNotificationOutcome(body: unknown): UpstreamOutcome {
  const parsed = notification.safeParse(body);
  if (!parsed.success) return unknown('VTpass notification does not parse');
  if (parsed.data.type !== 'transaction-update') return unknown(`VTpass notification ${parsed.data.type}`);
  return classify(parsed.data.data, 'requery');
}
