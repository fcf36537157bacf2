// Funding a VTU line (vtu/fund): float bought for a line, recorded once per payment reference.
import { formatNaira, successEnvelope, vtuFundBody, vtuLineView } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ok } from '../../lib/http';
import { requestContextOf } from '../../lib/request-context';
import { authOf } from '../../plugins/access';
import { audit } from '../../plugins/audit';
import { confirmActingPassword } from '../auth';
import { checkVtuLine } from '../balance-alerts';
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
      const me = authOf(req);
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const l = await fundLine(
        ctx,
        req.body.vtuLine,
        { amountKobo: req.body.amount, reference: req.body.reference },
        { id: me.userId, email: me.email },
      );
      // Float came in: a line alerted for low float is re-armed (or still low, alerted already).
      await checkVtuLine(ctx, l.line.id);
      await audit(ctx.db, req, {
        action: 'vtu.fund',
        targetType: 'vtu_line',
        targetId: l.line.id,
        summary: { amountKobo: req.body.amount, paymentReference: req.body.reference },
      });
      return ok(`${formatNaira(req.body.amount)} float recorded for ${l.line.name}`, lineOut(l));
    },
  );
}
