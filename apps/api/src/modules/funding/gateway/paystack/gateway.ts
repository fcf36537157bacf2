// Paystack as a card funding gateway: initialize answers the hosted checkout (authorization_url),
// with callback_url back to the wallet screen, where the web app calls verify; verify maps
// Paystack's answer (answers.ts). The secret key comes from PAYSTACK_SECRET_KEY (config.ts).
import type { Config } from '../../../../infra/config';
import type { GatewayInitializeInput, GatewayVerifyResult, PaymentGateway } from '../gateway';
import { paystackVerifyResult } from './answers';
import { createPaystackClient, initializeData, type PaystackClient, readData } from './client';

/** Where Paystack sends the payer back: the wallet screen, which verifies `?reference=`. */
export const callbackUrlOf = (config: Pick<Config, 'PUBLIC_URL'>) =>
  `${config.PUBLIC_URL.replace(/\/+$/, '')}/dashboard/wallet`;

export function paystackClientOf(
  config: Pick<Config, 'PAYSTACK_BASE_URL' | 'PAYSTACK_SECRET_KEY' | 'PAYSTACK_TIMEOUT_MS'>,
): PaystackClient {
  if (!config.PAYSTACK_SECRET_KEY) throw new Error('PAYSTACK_SECRET_KEY is not set');
  return createPaystackClient({
    baseUrl: config.PAYSTACK_BASE_URL,
    secretKey: config.PAYSTACK_SECRET_KEY,
    timeoutMs: config.PAYSTACK_TIMEOUT_MS,
  });
}

export class PaystackGateway implements PaymentGateway {
  readonly name = 'PAYSTACK';
  constructor(
    private readonly client: PaystackClient,
    private readonly callbackUrl: string,
  ) {}

  async initialize(input: GatewayInitializeInput): Promise<{ checkoutUrl: string }> {
    const answer = await this.client.initialize({
      email: input.email,
      amountKobo: input.amountKobo,
      reference: input.reference,
      callbackUrl: this.callbackUrl,
      // A payer who cancels at Paystack's checkout comes back saying so (metadata.cancel_action:
      // https://paystack.com/docs/payments/metadata/), where verify would only answer "abandoned":
      // the wallet tells them it was cancelled, not "not confirmed yet" (issue 53 point 8).
      metadata: {
        description: input.description,
        cancel_action: `${this.callbackUrl}?reference=${encodeURIComponent(input.reference)}&status=cancelled`,
      },
    });
    const read = readData(answer, initializeData);
    if (!read.ok) throw new Error(`Paystack initialize: ${read.detail}`);
    if (read.data.reference !== input.reference)
      throw new Error(`Paystack initialize: answered for ${read.data.reference}, not ${input.reference}`);
    return { checkoutUrl: read.data.authorization_url };
  }

  async verify(reference: string): Promise<GatewayVerifyResult> {
    return paystackVerifyResult(await this.client.verify(reference), reference);
  }
}
