import { useMutation } from '@tanstack/react-query';
import { type CardPaymentView, koboToNairaString } from '@vendport/shared';
import { type ApiEnvelope, api } from '@/lib/api-client';

/** Starts a card payment of amount + fee; the answer carries the checkout page to open. */
export const initializeCardPayment = (amountKobo: number) =>
  api.post<ApiEnvelope<CardPaymentView>>('fund/card/initialize', { amount: koboToNairaString(amountKobo) });

export const useInitializeCardPayment = () => useMutation({ mutationFn: initializeCardPayment });
