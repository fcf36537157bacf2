// How a bill is shown (issue 51): a vend of kind ELECTRICITY or TV with its bill facts. The token is
// in full only for the bill's own client (its answers and its webhook); lists and admins read it
// masked (maskToken: the last four digits).
import {
  type AdminBillView,
  type BillView,
  billerOf,
  formatNaira,
  maskToken,
  type VendChannel,
  type VendRowBill,
} from '@vendport/shared';
import { clientFailureReason } from '../records/vend-reads.service';
import type { VendRow } from '../records/vends.repo';
import type { VendBillRow } from './bills.repo';

export function billOut(v: VendRow, b: VendBillRow, token: 'FULL' | 'MASKED'): BillView {
  return {
    id: v.id,
    code: v.code,
    reference: v.reference,
    mode: v.mode as BillView['mode'],
    channel: v.channel as VendChannel,
    status: v.status as BillView['status'],
    kind: v.serviceType as BillView['kind'],
    biller: b.billerCode,
    billerName: billerOf(b.billerCode)?.name ?? b.billerCode,
    customerNumber: b.customerNumber,
    meterType: b.meterType as BillView['meterType'],
    subscriptionType: b.subscriptionType as BillView['subscriptionType'],
    bouquetCode: b.bouquetCode,
    bouquetName: b.bouquetName,
    customerName: b.customerName,
    customerAddress: b.customerAddress,
    phone: b.phone,
    email: b.email,
    verificationId: b.verificationId,
    amountKobo: v.amountKobo,
    amount: formatNaira(v.amountKobo),
    chargedKobo: v.chargeKobo,
    charged: formatNaira(v.chargeKobo),
    commissionKobo: v.commissionKobo,
    commission: formatNaira(v.commissionKobo),
    commissionMode: v.commissionMode as BillView['commissionMode'],
    token: token === 'FULL' ? b.token : maskToken(b.token),
    units: b.units,
    receiptReference: b.receiptReference,
    details: b.details ?? [],
    failureReason: clientFailureReason(v),
    createdAt: v.createdAt.toISOString(),
    completedAt: v.completedAt?.toISOString() ?? null,
    reversedAt: v.reversedAt?.toISOString() ?? null,
  };
}

/** A bill's facts on a history row (list and export): the token masked, whoever reads it. */
export function billRowOut(b: VendBillRow | null): VendRowBill {
  if (!b) return null;
  return {
    biller: b.billerCode,
    billerName: billerOf(b.billerCode)?.name ?? b.billerCode,
    customerNumber: b.customerNumber,
    customerName: b.customerName,
    meterType: b.meterType,
    bouquetName: b.bouquetName,
    token: maskToken(b.token),
    units: b.units,
    receiptReference: b.receiptReference,
  };
}

export function adminBillOut(v: VendRow, b: VendBillRow, corporateName: string): AdminBillView {
  return {
    ...billOut(v, b, 'MASKED'),
    corporateId: v.corporateId,
    corporateName,
    provider: v.provider,
    providerReference: v.providerReference,
    providerReason: v.status === 'FAILED' ? v.failureReason : null,
  };
}

/** The answer's message for a bill, from its state alone (so retries read the same answer). */
export function billMessage(v: VendRow, b: VendBillRow): string {
  switch (v.status) {
    case 'SUCCESSFUL':
      return b.token ? 'Bill paid: the token is ready' : 'Bill paid';
    case 'FAILED':
      return 'Bill payment failed. The debit has been reversed.';
    case 'REVERSED':
      return 'Bill payment reversed and refunded';
    default:
      return 'Bill payment pending: the biller has not confirmed it yet. Its final status (and token) will follow.';
  }
}
