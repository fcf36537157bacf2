// Back from the gateway's checkout page at /dashboard/wallet?reference=CP-...: ask the server how
// the payment ended (it credits the wallet once if paid), say so, then drop the reference from the
// URL so a reload does not ask again.
import type { CardPaymentView } from '@vendport/shared';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useSearchParams } from 'react-router';
import { toastApiError } from '@/lib/api-toasts';
import { formatNaira } from '@/lib/format';
import { useVerifyCardPayment } from '../api/verify-card-payment';

export type CardOutcome = { tone: 'success' | 'error' | 'info'; title: string; message: string };

/**
 * `returned`: how the checkout sent the payer back. A payer who cancelled comes back with
 * status=cancelled (the simulator's checkout, Paystack's cancel_action), while the gateway may still
 * call the payment pending (Paystack: abandoned) until it expires: the checkout said it, so say it.
 */
export function outcomeOf(p: CardPaymentView, returned: string | null = null): CardOutcome {
  const status = p.status === 'PENDING' && returned === 'cancelled' ? 'CANCELLED' : p.status;
  switch (status) {
    case 'SUCCESSFUL':
      return {
        tone: 'success',
        title: 'Card payment successful',
        message: `${formatNaira(p.amountKobo)} has been added to your wallet (reference ${p.reference}).`,
      };
    case 'CANCELLED':
      return {
        tone: 'error',
        title: 'Card payment cancelled',
        message: `You cancelled the payment of ${formatNaira(p.totalKobo)}. Nothing was charged and your wallet is unchanged.`,
      };
    case 'EXPIRED':
      return {
        tone: 'error',
        title: 'Card payment expired',
        message: `Payment ${p.reference} was not completed in time and has expired. Your wallet is unchanged; start a new card payment to fund it.`,
      };
    case 'REVERSED':
      return p.credited
        ? {
            tone: 'error',
            title: 'Card payment reversed',
            message: `Payment ${p.reference} was reversed by the payment gateway (refund or chargeback), and ${formatNaira(p.amountKobo)} was taken back from your wallet.`,
          }
        : {
            tone: 'error',
            title: 'Card payment reversed',
            message: `Payment ${p.reference} was reversed by the payment gateway before it was credited. Your wallet is unchanged.`,
          };
    case 'FAILED':
      return {
        tone: 'error',
        title: 'Card payment failed',
        message: `The payment of ${formatNaira(p.totalKobo)} did not go through. Your wallet is unchanged.`,
      };
    case 'REVIEW':
      return {
        tone: 'info',
        title: 'Card payment under review',
        message: `The gateway reported a different amount for payment ${p.reference}, so it was not credited. An admin is checking it; your wallet is unchanged until then.`,
      };
    default:
      return {
        tone: 'info',
        title: 'Card payment not confirmed yet',
        message: `The gateway has not confirmed payment ${p.reference} yet. Your wallet is credited as soon as it does.`,
      };
  }
}

export function useCardPaymentReturn() {
  const [params, setParams] = useSearchParams();
  const reference = params.get('reference');
  const returned = params.get('status');
  const verify = useVerifyCardPayment();
  const handled = useRef<string | null>(null);
  const [outcome, setOutcome] = useState<CardOutcome | null>(null);
  const { mutate } = verify;

  useEffect(() => {
    if (!reference || handled.current === reference) return;
    handled.current = reference;
    const cleanUrl = () =>
      setParams(
        (prev) => {
          const p = new URLSearchParams(prev);
          p.delete('reference');
          p.delete('status');
          p.delete('trxref'); // Paystack adds it beside reference
          return p;
        },
        { replace: true },
      );
    mutate(reference, {
      onSuccess: (res) => {
        if (res.success === false || !res.data) {
          toast.error(res.message || 'The card payment could not be checked.');
          return;
        }
        // The outcome in the user's terms: the gateway's callback has often credited the wallet
        // before the browser is back, and "already credited" would read like a problem.
        const o = outcomeOf(res.data, returned);
        setOutcome(o);
        if (o.tone === 'success') toast.success(o.title);
        else if (o.tone === 'error') toast.error(o.title);
        else toast(o.title);
      },
      onError: (e) => {
        toastApiError(e);
        setOutcome({
          tone: 'error',
          title: 'The card payment could not be checked',
          message: 'Refresh the page in a moment, or contact support with the payment reference.',
        });
      },
      onSettled: cleanUrl,
    });
  }, [reference, returned, mutate, setParams]);

  return { verifying: verify.isPending, outcome, dismiss: () => setOutcome(null) };
}
