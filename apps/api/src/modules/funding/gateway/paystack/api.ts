// Every Paystack call the funding module makes, over one exchange built from the configuration:
// transactions (client.ts), customers and dedicated accounts (dedicated.ts), refunds, disputes and
// the sweep's lists (money.ts).
import type { AppContext } from '../../../../infra/context';
import { paystackExchange, paystackTransactions } from './client';
import { paystackDedicatedAccounts } from './dedicated';
import { paystackMoney } from './money';

export function paystackApi(ctx: Pick<AppContext, 'config'>) {
  const exchange = paystackExchange({
    baseUrl: ctx.config.PAYSTACK_BASE_URL,
    secretKey: ctx.config.PAYSTACK_SECRET_KEY ?? '',
    timeoutMs: ctx.config.PAYSTACK_TIMEOUT_MS,
  });
  return {
    ...paystackDedicatedAccounts(exchange),
    ...paystackTransactions(exchange),
    ...paystackMoney(exchange),
  };
}

/** Paystack is the gateway, with a key: the sweep and the refund and dispute checks can run. */
export const paystackEnabled = (ctx: Pick<AppContext, 'config'>) =>
  ctx.config.cardGateway === 'paystack' && !!ctx.config.PAYSTACK_SECRET_KEY;
