// The payment gateway seen by card funding: start a payment, ask how it ended. Each gateway is an
// adapter behind this interface: the built-in simulator (simulator.ts; its callbacks arrive signed
// on POST /fund/card/callback, see signature.ts) and Paystack (paystack.ts; its webhooks arrive on
// POST /payments/paystack/webhook and only trigger a verify).
//
// UNKNOWN: the gateway's answer could not be classified (no answer, an unreadable body, a status we
// do not know). The payment stays as it is and is asked again later; it is never FAILED on that.
// REVERSED: the gateway took the money back (a refund or a chargeback).
export type GatewayPaymentStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED' | 'CANCELLED' | 'REVERSED' | 'UNKNOWN';

export interface GatewayInitializeInput {
  reference: string;
  /** What the payer is charged: amount + fee, in kobo. */
  amountKobo: number;
  email: string;
  description: string;
}

export interface GatewayVerifyResult {
  status: GatewayPaymentStatus | 'NOT_FOUND';
  /** What the gateway says was charged, in kobo. */
  amountKobo: number | null;
  /** The currency the gateway says it charged in (ISO 4217); only NGN is credited. */
  currency: string | null;
  paidAt: Date | null;
  /** What the gateway said, for logs and the payment's status reason. */
  detail?: string;
  /** The gateway's own id of the transaction and its own word for the status (Paystack's), when it
   * gave them: the refunds and disputes of a transaction are asked for by that id. */
  gatewayTransactionId?: number;
  gatewayStatus?: string;
}

export interface PaymentGateway {
  readonly name: string;
  initialize(input: GatewayInitializeInput): Promise<{ checkoutUrl: string }>;
  verify(reference: string): Promise<GatewayVerifyResult>;
}
