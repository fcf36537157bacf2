// The words the screens use for the platform's enum values (issue 53 point 3): networks, service
// types, channels, client types, statuses. The web's labels and the CSV exports both read them
// here, so an export's column says "Airtime" and "Auto top-up" as the table does, not AIRTIME and
// AUTO_TOPUP. A value without an entry reads in words from its code (PENDING_REVIEW -> Pending review).
import { BILLERS } from './schemas/billers';
import { platformLabel } from './schemas/catalogue';

export const NETWORK_WORDS: Readonly<Record<string, string>> = {
  MTN: 'MTN',
  AIRTEL: 'Airtel',
  GLO: 'Glo',
  '9MOBILE': '9mobile',
  // A bill's "network" is its biller (issue 51): Ikeja Electric, DStv...
  ...Object.fromEntries(BILLERS.map((b) => [b.code, b.name])),
};
export const SERVICE_TYPE_WORDS: Readonly<Record<string, string>> = {
  AIRTIME: 'Airtime',
  DATA: 'Data',
  ELECTRICITY: 'Electricity',
  TV: 'TV',
};
/** Where a vend came from. */
export const CHANNEL_WORDS: Readonly<Record<string, string>> = {
  PORTAL: 'Portal',
  API: 'API',
  BULK: 'Bulk upload',
  AUTO_TOPUP: 'Auto top-up',
};
export const CLIENT_TYPE_WORDS: Readonly<Record<string, string>> = {
  PREPAID: 'Prepaid',
  POSTPAID: 'Postpaid',
  POSTPAID_PLUS: 'Postpaid Plus',
};
/** How a vend's commission was paid, as the vend's details say it. */
export const COMMISSION_MODE_WORDS: Readonly<Record<string, string>> = {
  UPFRONT: 'Taken upfront',
  ACCRUED: 'Accrued',
  NONE: 'None',
};

/** Title case of an UPPER_SNAKE code: PAID -> Paid, POSTPAID_PLUS -> Postpaid Plus. */
export const statusWords = (s: string) =>
  s
    .toLowerCase()
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');

export const networkWords = (n: string) => NETWORK_WORDS[n] ?? n;
export const serviceTypeWords = (t: string) => SERVICE_TYPE_WORDS[t] ?? t;
export const channelWords = (c: string) => CHANNEL_WORDS[c] ?? statusWords(c);
export const clientTypeWords = (t: string) => CLIENT_TYPE_WORDS[t] ?? statusWords(t);
export const commissionModeWords = (m: string) => COMMISSION_MODE_WORDS[m] ?? statusWords(m);
export { platformLabel as platformWords };

/** How a funding reached the wallet: bank transfer, card, admin; repayments say so. */
export function fundingMethodWords(channel: string, kind: string): string {
  if (channel === 'CARD') return 'Card';
  if (channel === 'ADMIN') return 'Admin funding';
  if (kind === 'BANK_TRANSFER_AUTO') return 'Bank transfer (automatic)';
  return kind === 'REPAYMENT' ? 'Repayment (bank transfer)' : 'Bank transfer';
}

/**
 * Every enum code that has screen words of its own, with them (the export test checks that no CSV
 * cell is one of these codes).
 */
export const SCREEN_WORD_TABLES: ReadonlyArray<Readonly<Record<string, string>>> = [
  NETWORK_WORDS,
  SERVICE_TYPE_WORDS,
  CHANNEL_WORDS,
  CLIENT_TYPE_WORDS,
  COMMISSION_MODE_WORDS,
];
