// The payment a bill vend sends its provider (issue 51), rebuilt from its vend_bills row on every
// call and requery (the row is written by the statement that records the vend: a bill vend always has it).
import { billerOf } from '@vendport/shared';
import type { Db } from '../../../infra/db/client';
import type { BillPayRequest } from '../../providers';
import type { VendRow } from '../records/vends.repo';
import { findVendBill } from './bills.repo';

export async function billRequestOf(db: Db, v: VendRow): Promise<BillPayRequest | null> {
  const b = await findVendBill(db, v.id);
  if (!b) return null;
  const info = billerOf(b.billerCode);
  return {
    billerCode: b.billerCode,
    kind: v.serviceType as BillPayRequest['kind'],
    serviceId: info?.vtpassServiceId ?? b.billerCode.toLowerCase(),
    customerNumber: b.customerNumber,
    meterType: b.meterType as BillPayRequest['meterType'],
    subscriptionType: b.subscriptionType as BillPayRequest['subscriptionType'],
    variationCode: b.subscriptionType === 'RENEW' ? null : b.bouquetCode,
    phone: b.phone,
    email: b.email,
  };
}
