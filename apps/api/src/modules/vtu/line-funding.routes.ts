// Funding a VTU line (vtu/fund): float bought for a line, recorded once per payment reference.
import { formatNaira, successEnvelope, vtuFundBody, vtuLineView } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { confirmActingPassword } from '../auth';
import { fundLine, lineOut } from './vtu.service';

export async function lineFundingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['VTU lines'];
  const lineResponse = { 200: successEnvelope(vtuLineView) };

  r.post(
    '/vtu/fund',
    {
      config: { permission: 'vtu.manage' },
      schema: {
        tags,
        summary: 'Record float bought for a line (password-confirmed; once per payment reference)',
        body: vtuFundBody,
        response: lineResponse,
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      const l = await fundLine(ctx, rc, req.body.vtuLine, {
        amountKobo: req.body.amount,
        reference: req.body.reference,
      });
      // Float came in: a line alerted for low float is re-armed (or still low, alerted already).
      await ctx.events.vtuLineFunded(ctx, l.line.id);
      return ok(`${formatNaira(req.body.amount)} float recorded for ${l.line.name}`, lineOut(l));
    },
  );
}
