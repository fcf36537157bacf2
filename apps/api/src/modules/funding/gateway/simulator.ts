// The built-in payment gateway: it keeps its side of each payment in gateway_sim_payments and
// serves its own checkout page (simulator.routes.ts) where the payer clicks Pay or Cancel. It
// moves no real money, so configuration never selects it by default in production.
import type { Db } from '../../../infra/db/client';
import { findSimPayment, insertSimPayment } from '../funding.repo';
import type { GatewayInitializeInput, GatewayVerifyResult, PaymentGateway } from './gateway';

export const SIM_CHECKOUT_PATH = '/api/v1/gateway-sim/checkout';

export class SimulatorGateway implements PaymentGateway {
  readonly name = 'SIMULATOR';
  constructor(private readonly db: Db) {}

  async initialize(input: GatewayInitializeInput): Promise<{ checkoutUrl: string }> {
    await insertSimPayment(this.db, {
      reference: input.reference,
      amountKobo: input.amountKobo,
      email: input.email,
      description: input.description,
    });
    return { checkoutUrl: `${SIM_CHECKOUT_PATH}/${encodeURIComponent(input.reference)}` };
  }

  async verify(reference: string): Promise<GatewayVerifyResult> {
    const row = await findSimPayment(this.db, reference);
    if (!row) return { status: 'NOT_FOUND', amountKobo: null, currency: null, paidAt: null };
    return {
      status: row.status as GatewayVerifyResult['status'],
      amountKobo: row.amountKobo,
      currency: 'NGN',
      paidAt: row.paidAt,
    };
  }
}
