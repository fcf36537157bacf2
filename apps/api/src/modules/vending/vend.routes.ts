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
import type { AppContext } from '../../context';
import { ok } from '../../lib/http';
import { authOf, corporateOf } from '../../plugins/access';
import { audit } from '../../plugins/audit';
import { vend } from './place-vend.service';
import { fundSandbox } from './sandbox.service';
import { vendMessage, vendOut } from './vend-reads.service';

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
      const me = authOf(req);
      const res = await vend(
        ctx,
        { corporateId: corporateOf(req), channel: 'PORTAL', userId: me.userId },
        req.body,
      );
      if (res.replay) reply.header('idempotent-replayed', 'true');
      else {
        await audit(ctx.db, req, {
          action: 'vend.create',
          targetType: 'vend',
          targetId: res.vend.id,
          summary: {
            code: res.vend.code,
            phone: res.vend.msisdn,
            amountKobo: res.vend.amountKobo,
            status: res.vend.status,
          },
        });
      }
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
      const me = authOf(req);
      const corporateId = corporateOf(req);
      const balance = await fundSandbox(ctx, corporateId, req.body.amount, me.userId);
      await audit(ctx.db, req, {
        action: 'sandbox.fund',
        targetType: 'corporate',
        targetId: corporateId,
        summary: { amountKobo: req.body.amount },
      });
      return ok(`${formatNaira(req.body.amount)} of test money added to the sandbox wallet`, {
        sandboxBalanceKobo: balance,
        sandboxBalance: formatNaira(balance),
      });
    },
  );
}
