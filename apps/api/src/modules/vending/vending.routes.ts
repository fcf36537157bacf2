// Portal vending and vending history (spec §7 Transactions: GET transactions/vending,
// corporates-transactions/vending, vend/{id}, PUT transactions/query): the signed-in client's
// vend and bulk vend, the histories with the §3 filters and CSV export, the requery by hand
// and the admin's reversal of a successful vend; the review queue of discrepancies and the provider
// reconciliation runs. One registrar per use case.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';
import { billRoutes } from './bills/bills.routes';
import { bulkVendRoutes } from './bulk/bulk-vend.routes';
import { vendHistoryRoutes } from './history/vend-history.routes';
import { providerCallbackRoutes } from './lifecycle/provider-callbacks.routes';
import { reversalRoutes } from './lifecycle/reversal.routes';
import { vendRoutes } from './portal/portal-vend.routes';
import { vendDetailRoutes } from './portal/vend-detail.routes';
import { receiptRoutes } from './receipts/receipt.routes';
import { truthsRoutes } from './truths/truths.routes';

export async function vendingRoutes(app: FastifyInstance, ctx: AppContext) {
  await vendRoutes(app, ctx);
  await bulkVendRoutes(app, ctx);
  await vendDetailRoutes(app, ctx);
  await vendHistoryRoutes(app, ctx);
  await reversalRoutes(app, ctx);
  await providerCallbackRoutes(app, ctx);
  await truthsRoutes(app, ctx);
  await billRoutes(app, ctx);
  await receiptRoutes(app, ctx);
}
