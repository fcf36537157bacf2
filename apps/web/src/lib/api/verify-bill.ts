import { useMutation } from '@tanstack/react-query';
import type { BillVerificationView, BillVerifyBody } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { BILL_REFUSALS } from './bill-refusals';

/** Asks the provider who the meter or smartcard belongs to; nothing is debited. */
export const verifyBill = (body: BillVerifyBody) =>
  api.post<ApiEnvelope<BillVerificationView>>('bills/verify', body, { handledCodes: BILL_REFUSALS });

export const useVerifyBill = () => useMutation({ mutationFn: verifyBill });
