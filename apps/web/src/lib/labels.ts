// How domain values read on screen: client types, funding channels and statuses.
const CLIENT_TYPE_LABELS: Record<string, string> = {
  PREPAID: 'Prepaid',
  POSTPAID: 'Postpaid',
  POSTPAID_PLUS: 'Postpaid Plus',
};
export const clientTypeLabel = (t: string) => CLIENT_TYPE_LABELS[t] ?? t.replace(/_/g, ' ');

/** Select options for client-type filters and switches. */
export const CLIENT_TYPE_OPTIONS = Object.entries(CLIENT_TYPE_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** Title case of an UPPER_SNAKE status: PAID -> Paid, POSTPAID_PLUS -> Postpaid Plus. */
export const statusLabel = (s: string) =>
  s
    .toLowerCase()
    .split('_')
    .map((w) => (w ? w[0]!.toUpperCase() + w.slice(1) : w))
    .join(' ');

/** How a funding reached the wallet: bank transfer, card, admin; repayments say so. */
export function fundingMethodLabel(channel: string, kind: string): string {
  if (channel === 'CARD') return 'Card';
  if (channel === 'ADMIN') return 'Admin funding';
  if (kind === 'BANK_TRANSFER_AUTO') return 'Bank transfer (automatic)';
  return kind === 'REPAYMENT' ? 'Repayment (bank transfer)' : 'Bank transfer';
}

/** +2348031234567 -> +234 803 123 4567 (display only). */
export function formatMsisdn(msisdn: string): string {
  const m = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(msisdn);
  return m ? `+234 ${m[1]} ${m[2]} ${m[3]}` : msisdn;
}
