// Commission (spec §7 Transactions: GET commissions; Clients: PATCH corporate-clients/upfront-commission)
// plus the settlement of accrued commission (POST commissions/settle) and its history.
import {
  commissionSettleBody,
  commissionSettlementView,
  commissionsQuery,
  commissionsView,
  formatNaira,
  successEnvelope,
  upfrontCommissionBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { badRequest } from '../../infra/errors';
import { ok } from '../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { authOf, corporateOf, requestContextOf } from '../../infra/request-context';
import { confirmActingPassword } from '../auth';
import {
  commissionReport,
  settleCommission,
  settlementOut,
  setUpfrontCommission,
} from './commissions.service';
import { listSettlements } from './commissions-reads.service';

const READ = { ADMIN: 'commissions.read', CORPORATE: 'commission.read' } as const;

export async function commissionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Commissions'];

  r.get(
    '/commissions',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary:
          'Commission earned on successful live vends, per day and per service (admins: across clients, or one with corporateId)',
        querystring: commissionsQuery,
        response: { 200: successEnvelope(commissionsView) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const q = req.query;
      const admin = me.area === 'ADMIN';
      const report = await commissionReport(
        ctx,
        {
          corporateId: admin ? q.corporateId : corporateOf(req),
          network: q.network,
          serviceType: q.serviceType,
          clientType: admin ? q.clientType : undefined,
          from: q.startDate ? lagosDayStart(q.startDate) : undefined,
          to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
        },
        admin,
      );
      return ok('Commissions retrieved', report);
    },
  );

  r.get(
    '/commissions/settlements',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary:
          'Settlements of accrued commission to the wallet, newest first (admins: corporateId required)',
        querystring: z.object({ corporateId: z.string().uuid().optional() }),
        response: { 200: successEnvelope(z.array(commissionSettlementView)) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const corporateId = me.area === 'ADMIN' ? req.query.corporateId : corporateOf(req);
      if (!corporateId) throw badRequest('Choose a corporate client');
      return ok(
        'Commission settlements retrieved',
        (await listSettlements(ctx.db, corporateId)).map(settlementOut),
      );
    },
  );

  r.post(
    '/commissions/settle',
    {
      config: { permission: 'commissions.manage' },
      schema: {
        tags,
        summary: "Settle a client's accrued commission to its wallet now (password-confirmed)",
        body: commissionSettleBody,
        response: { 200: successEnvelope(commissionSettlementView.nullable()) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      const s = await settleCommission(ctx, req.body.corporateId, rc);
      return ok(
        s
          ? `${formatNaira(s.amountKobo)} commission settled to the wallet`
          : 'There is no accrued commission to settle',
        s ? settlementOut(s) : null,
      );
    },
  );

  r.patch(
    '/corporate-clients/upfront-commission',
    {
      config: { permission: 'commissions.manage' },
      schema: {
        tags,
        summary:
          'Upfront commission on or off for a client (password-confirmed); applies to vends from now on',
        body: upfrontCommissionBody,
        response: {
          200: successEnvelope(
            z.object({ corporateId: z.string(), name: z.string(), upfrontCommission: z.boolean() }),
          ),
        },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      const row = await setUpfrontCommission(ctx.db, rc, req.body.corporateId, req.body.upfrontCommission);
      return ok(row.upfrontCommission ? 'Upfront commission enabled' : 'Upfront commission disabled', {
        corporateId: row.id,
        name: row.name,
        upfrontCommission: row.upfrontCommission,
      });
    },
  );
}
