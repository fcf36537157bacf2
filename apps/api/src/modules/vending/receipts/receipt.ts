// A vend's receipt (issue 51 point 3): what its client hands its customer, as a PDF (through the
// project's PDF writer, infra/pdf.ts) and as the text of an email or an SMS. One list of facts
// feeds the three: reference, Lagos date and time (spec formats), client, biller or network,
// customer, meter type, bouquet, amount, commission, total charged, status, and what the provider
// returned: the token in full (it is the customer's own receipt: only the vend's client asks for
// it), the receipt reference, the units. Airtime and data vends have the same receipt, with the
// network, the phone number and the plan in place of the bill's facts.
import {
  addThousandsSeparators,
  billerOf,
  formatLagosDateTime,
  koboToNairaString,
  networkWords,
  serviceTypeWords,
  statusWords,
} from '@vendport/shared';
import { PAGE, type PdfBlock, renderPdf } from '../../../infra/pdf';
import type { PlatformSettings } from '../../platform';
import type { VendBillRow } from '../bills/bills.repo';
import { clientFailureReason } from '../records/vend-reads.service';
import type { VendRow } from '../records/vends.repo';

const ngn = (kobo: number) => `NGN ${addThousandsSeparators(koboToNairaString(kobo))}`;

export interface ReceiptFact {
  label: string;
  value: string;
}

/** The receipt's facts in order; the token, units and receipt reference only once known. */
export function receiptFacts(v: VendRow, b: VendBillRow | null, clientName: string): ReceiptFact[] {
  const facts: ReceiptFact[] = [
    { label: 'Reference', value: v.code },
    { label: 'Your reference', value: v.reference },
    { label: 'Date and time', value: formatLagosDateTime(v.createdAt) },
    { label: 'Client', value: clientName },
    { label: 'Service', value: serviceTypeWords(v.serviceType) },
  ];
  if (v.mode === 'TEST') facts.push({ label: 'Mode', value: 'Test: no money moved, nothing was delivered' });
  if (b) {
    facts.push(
      { label: 'Biller', value: billerOf(b.billerCode)?.name ?? b.billerCode },
      { label: 'Customer number', value: b.customerNumber },
      { label: 'Customer name', value: b.customerName ?? '-' },
    );
    if (b.customerAddress) facts.push({ label: 'Address', value: b.customerAddress });
    if (b.meterType)
      facts.push({ label: 'Meter type', value: b.meterType === 'PREPAID' ? 'Prepaid' : 'Postpaid' });
    if (v.serviceType === 'TV')
      facts.push({
        label: 'Bouquet',
        value: `${b.subscriptionType === 'RENEW' ? 'Renewal' : 'Change'}${b.bouquetName ? `: ${b.bouquetName}` : ''}`,
      });
  } else {
    facts.push(
      { label: 'Network', value: networkWords(v.network) },
      { label: 'Phone number', value: v.msisdn },
    );
    if (v.planName) facts.push({ label: 'Plan', value: v.planName });
  }
  facts.push(
    { label: 'Amount', value: ngn(v.amountKobo) },
    { label: 'Commission', value: ngn(v.commissionKobo) },
    { label: 'Total charged', value: ngn(v.chargeKobo) },
    { label: 'Status', value: statusWords(v.status) },
  );
  if (v.completedAt) facts.push({ label: 'Completed', value: formatLagosDateTime(v.completedAt) });
  const reason = clientFailureReason(v);
  if (reason) facts.push({ label: 'Reason', value: reason });
  if (b?.token) facts.push({ label: 'Token', value: b.token });
  if (b?.receiptReference) facts.push({ label: 'Receipt reference', value: b.receiptReference });
  if (b?.units) facts.push({ label: 'Units', value: b.units });
  for (const d of b?.details ?? []) facts.push({ label: d.label, value: d.value });
  return facts;
}

export const receiptFilename = (v: VendRow) => `receipt-${v.code}.pdf`;

const LABEL_WIDTH = 150;

/** The receipt as a PDF (no I/O: the caller reads the platform's name and support email). */
export function receiptPdf(
  platform: Pick<PlatformSettings, 'platformName' | 'supportEmail'>,
  v: VendRow,
  b: VendBillRow | null,
  clientName: string,
): string {
  const facts = receiptFacts(v, b, clientName);
  const blocks: PdfBlock[] = [
    { kind: 'text', text: platform.platformName, size: 18, bold: true },
    { kind: 'text', text: b ? 'Bill payment receipt' : 'Vend receipt', size: 13, bold: true },
    { kind: 'space', height: 10 },
  ];
  if (b?.token)
    blocks.push(
      { kind: 'text', text: 'Token', size: 10, bold: true },
      { kind: 'text', text: b.token, size: 16, bold: true },
      { kind: 'space', height: 10 },
    );
  blocks.push({
    kind: 'table',
    columns: [
      { header: 'Detail', width: LABEL_WIDTH },
      { header: 'Value', width: PAGE.textWidth - LABEL_WIDTH },
    ],
    rows: facts.map((f) => ({ cells: [f.label, f.value], bold: f.label === 'Token' })),
  });
  blocks.push(
    { kind: 'space', height: 12 },
    {
      kind: 'text',
      text: `Questions about this payment: ${platform.supportEmail}, quoting ${v.code}.`,
      size: 9,
    },
  );
  return renderPdf({
    title: `${platform.platformName} receipt ${v.code}`,
    footer: `${platform.platformName} - receipt ${v.code} - ${clientName}`,
    blocks,
  });
}

/** The receipt as the text of an email: every fact on its own line. */
export function receiptText(facts: ReceiptFact[]): string {
  return facts.map((f) => `${f.label}: ${f.value}`).join('\n');
}

/** The receipt as one SMS: what the customer needs to load or keep it, short. */
export function receiptSms(v: VendRow, b: VendBillRow, platformName: string): string {
  const biller = billerOf(b.billerCode)?.name ?? b.billerCode;
  const what = b.token
    ? `Token ${b.token}${b.units ? ` (${b.units})` : ''}`
    : b.receiptReference
      ? `Receipt ${b.receiptReference}`
      : 'Paid';
  // A test-mode bill's token loads nothing: the message says so before anything else.
  const test = v.mode === 'TEST' ? 'TEST, not a real payment. ' : '';
  return `${test}${platformName}: ${biller} ${b.customerNumber}, ${ngn(v.amountKobo)}. ${what}. Ref ${v.code}`;
}
