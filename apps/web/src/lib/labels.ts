// How domain values read on screen: client types, funding channels and statuses. The words live in
// shared (screen-words.ts), where the CSV exports read them too.
import { CLIENT_TYPE_WORDS, clientTypeWords, fundingMethodWords, statusWords } from '@vendport/shared';

export const clientTypeLabel = clientTypeWords;

/** Select options for client-type filters and switches. */
export const CLIENT_TYPE_OPTIONS = Object.entries(CLIENT_TYPE_WORDS).map(([value, label]) => ({
  value,
  label,
}));

/** Title case of an UPPER_SNAKE status: PAID -> Paid, POSTPAID_PLUS -> Postpaid Plus. */
export const statusLabel = statusWords;

/** How a funding reached the wallet: bank transfer, card, admin; repayments say so. */
export const fundingMethodLabel = fundingMethodWords;

/** +2348031234567 -> +234 803 123 4567 (display only). */
export function formatMsisdn(msisdn: string): string {
  const m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(msisdn);
  return m ? `+234 ${m[1]} ${m[2]} ${m[3]}` : msisdn;
}
