// A verification as the portal and the API answer it (billVerificationView).
import { type BillVerificationView, formatNaira } from '@vendport/shared';
import type { VerificationRow } from './bills.repo';

export const verificationOut = (v: VerificationRow): BillVerificationView => ({
  id: v.id,
  biller: v.billerCode,
  kind: v.kind as BillVerificationView['kind'],
  customerNumber: v.customerNumber,
  meterType: v.meterType as BillVerificationView['meterType'],
  customerName: v.customerName,
  address: v.address,
  currentBouquet: v.currentBouquet,
  currentBouquetCode: v.currentBouquetCode,
  renewalAmountKobo: v.renewalAmountKobo,
  renewalAmount: v.renewalAmountKobo === null ? null : formatNaira(v.renewalAmountKobo),
  dueDate: v.dueDate,
  minimumAmountKobo: v.minimumAmountKobo,
  verifiedAt: v.verifiedAt.toISOString(),
  expiresAt: v.expiresAt.toISOString(),
  mode: v.mode as BillVerificationView['mode'],
});
