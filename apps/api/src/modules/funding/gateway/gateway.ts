// The payment gateway seen by card funding: start a payment, ask how it ended. A real gateway
// (Paystack, Flutterwave, ...) is one more adapter behind this interface; its callbacks arrive
// signed on POST /fund/card/callback (see signature.ts).
export type GatewayPaymentStatus = 'PENDING' | 'SUCCESSFUL' | 'FAILED' | 'CANCELLED' | 'REVERSED';

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
  paidAt: Date | null;
}

export interface PaymentGateway {
  readonly name: string;
  initialize(input: GatewayInitializeInput): Promise<{ checkoutUrl: string }>;
  verify(reference: string): Promise<GatewayVerifyResult>;
}
