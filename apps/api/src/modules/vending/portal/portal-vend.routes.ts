// The signed-in client's vend from the portal wallet, and test money for its sandbox wallet.
import {
  formatNaira,
  portalVendBody,
  sandboxBalanceView,
  sandboxFundBody,
  successEnvelope,
  vendView,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { ok } from '../../../infra/http';
import { corporateOf, requestContextOf } from '../../../infra/request-context';
import { vendMessage, vendOut } from '../records/vend-reads.service';
import { fundSandbox } from '../sandbox/sandbox.service';
import { portalVend } from './portal-vend.service';

export async function vendRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vending'];

  r.post(
    '/vend',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary: 'Vend airtime or data from the wallet (the reference is generated when not given)',
        body: portalVendBody,
        response: { 200: successEnvelope(vendView) },
      },
    },
    async (req, reply) => {
      const res = await portalVend(ctx, requestContextOf(req), req.body);
      if (res.replay) reply.header('idempotent-replayed', 'true');
      return ok(vendMessage(res.vend, 'PORTAL'), vendOut(res.vend));
    },
  );

  r.post(
    '/sandbox/fund',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary:
          'Add test money to the sandbox wallet (test mode and test keys spend it on the simulator only)',
        body: sandboxFundBody,
        response: { 200: successEnvelope(sandboxBalanceView) },
      },
    },
    async (req) => {
      const balance = await fundSandbox(ctx, requestContextOf(req), corporateOf(req), req.body.amount);
      return ok(`${formatNaira(req.body.amount)} of test money added to the sandbox wallet`, {
        sandboxBalanceKobo: balance,
        sandboxBalance: formatNaira(balance),
      });
    },
  );
}
