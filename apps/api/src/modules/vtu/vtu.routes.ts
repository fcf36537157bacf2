// VTU lines (spec §7 VTU: GET vtu/list, vtu/funding-history, vtu/consumption-history;
// POST vtu/assign, vtu/add, vtu/refresh, vtu/public-api) plus vtu/status and vtu/fund.
import {
  formatNaira,
  koboToNairaString,
  type Network,
  paginated,
  successEnvelope,
  vtuAddBody,
  vtuAssignBody,
  vtuConsumptionView,
  vtuFundBody,
  vtuFundingView,
  vtuHistoryQuery,
  vtuLineView,
  vtuPublicApiBody,
  vtuRefreshBody,
  vtuStatusBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { CSV_EXPORT_LIMIT, sendCsv, toCsv } from '../../lib/csv';
import { ok, page } from '../../lib/http';
import { lagosDayEnd, lagosDayStart } from '../../lib/lagos-time';
import { requestContextOf } from '../../lib/request-context';
import { authOf } from '../../plugins/access';
import { audit } from '../../plugins/audit';
import { confirmActingPassword } from '../auth';
import { checkVtuLine } from '../balance-alerts';
import {
  addLine,
  assignLine,
  consumptionHistory,
  fundingHistory,
  fundLine,
  lineOut,
  listLines,
  refreshLine,
  setLinePublicApi,
  setLineStatus,
} from './vtu.service';

export async function vtuRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['VTU lines'];
  const lineResponse = { 200: successEnvelope(vtuLineView) };

  r.get(
    '/vtu/list',
    {
      config: { permission: 'vtu.read' },
      schema: {
        tags,
        summary: 'VTU lines with their float',
        querystring: z.object({ network: z.string().optional() }),
        response: { 200: successEnvelope(z.array(vtuLineView)) },
      },
    },
    async (req) => ok('VTU lines retrieved', (await listLines(ctx.db, req.query)).map(lineOut)),
  );

  r.post(
    '/vtu/add',
    {
      config: { permission: 'vtu.manage' },
      schema: {
        tags,
        summary: 'Add a VTU line',
        body: vtuAddBody,
        response: { 201: successEnvelope(vtuLineView) },
      },
    },
    async (req, reply) => {
      const l = await addLine(ctx.db, req.body);
      await audit(ctx.db, req, {
        action: 'vtu.add',
        targetType: 'vtu_line',
        targetId: l.line.id,
        summary: { ...req.body },
      });
      return reply.status(201).send(ok('VTU line added', lineOut(l)));
    },
  );

  r.post(
    '/vtu/assign',
    {
      config: { permission: 'vtu.manage' },
      schema: {
        tags,
        summary: 'Dedicate a line to a client, or return it to the shared pool (corporateId null)',
        body: vtuAssignBody,
        response: lineResponse,
      },
    },
    async (req) => {
      const { before, after } = await assignLine(ctx.db, req.body.vtuLine, req.body.corporateId);
      await audit(ctx.db, req, {
        action: 'vtu.assign',
        targetType: 'vtu_line',
        targetId: after.line.id,
        summary: { from: before.line.corporateId, to: req.body.corporateId },
      });
      return ok(
        req.body.corporateId ? 'VTU line assigned' : 'VTU line returned to the shared pool',
        lineOut(after),
      );
    },
  );

  r.post(
    '/vtu/refresh',
    {
      config: { permission: 'vtu.manage' },
      schema: {
        tags,
        summary: "Read the line's balance from the provider",
        body: vtuRefreshBody,
        response: lineResponse,
      },
    },
    async (req) => {
      const l = await refreshLine(ctx, req.body.vtuLine);
      await audit(ctx.db, req, {
        action: 'vtu.refresh',
        targetType: 'vtu_line',
        targetId: l.line.id,
        summary: { providerBalanceKobo: l.line.providerBalanceKobo },
      });
      return ok('VTU line balance refreshed', lineOut(l));
    },
  );

  r.post(
    '/vtu/public-api',
    {
      config: { permission: 'vtu.manage' },
      schema: {
        tags,
        summary: 'Allow or stop API-key vends through the line',
        body: vtuPublicApiBody,
        response: lineResponse,
      },
    },
    async (req) => {
      const l = await setLinePublicApi(ctx.db, req.body.vtuLine, req.body.enabled);
      await audit(ctx.db, req, {
        action: 'vtu.public-api',
        targetType: 'vtu_line',
        targetId: l.line.id,
        summary: { enabled: req.body.enabled },
      });
      return ok(
        req.body.enabled ? 'The line now serves API vends' : 'The line no longer serves API vends',
        lineOut(l),
      );
    },
  );

  r.post(
    '/vtu/status',
    {
      config: { permission: 'vtu.manage' },
      schema: { tags, summary: 'Enable or disable a line', body: vtuStatusBody, response: lineResponse },
    },
    async (req) => {
      const l = await setLineStatus(ctx.db, req.body.vtuLine, req.body.status);
      await audit(ctx.db, req, {
        action: 'vtu.status',
        targetType: 'vtu_line',
        targetId: l.line.id,
        summary: { status: req.body.status },
      });
      return ok(req.body.status === 'ACTIVE' ? 'VTU line enabled' : 'VTU line disabled', lineOut(l));
    },
  );

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

  const range = (q: { startDate?: string; endDate?: string }) => ({
    from: q.startDate ? lagosDayStart(q.startDate) : undefined,
    to: q.endDate ? lagosDayEnd(q.endDate) : undefined,
  });

  r.get(
    '/vtu/funding-history',
    {
      config: { permission: 'vtu.read' },
      schema: {
        tags,
        summary: 'Float bought for VTU lines',
        querystring: vtuHistoryQuery,
        response: { 200: paginated(vtuFundingView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const csv = q.format === 'csv';
      const { rows, total } = await fundingHistory(ctx.db, {
        ...q,
        ...range(q),
        page: csv ? 1 : q.page,
        limit: csv ? CSV_EXPORT_LIMIT : q.limit,
      });
      const out = rows.map((x) => ({
        id: x.f.id,
        lineId: x.line.id,
        lineCode: x.line.code,
        lineName: x.line.name,
        network: x.line.network as Network,
        amountKobo: x.f.amountKobo,
        reference: x.f.reference,
        actorEmail: x.f.actorEmail,
        createdAt: x.f.createdAt.toISOString(),
      }));
      if (csv) {
        type R = (typeof out)[number];
        return sendCsv(
          reply,
          'vtu-funding-history.csv',
          toCsv(
            [
              ['Date', (x: R) => x.createdAt],
              ['Line', (x: R) => `${x.lineName} (${x.lineCode})`],
              ['Network', (x: R) => x.network],
              ['Amount (NGN)', (x: R) => koboToNairaString(x.amountKobo)],
              ['Reference', (x: R) => x.reference],
              ['By', (x: R) => x.actorEmail],
            ],
            out,
          ),
        );
      }
      return page('VTU funding history retrieved', out, total, q.page, q.limit);
    },
  );

  r.get(
    '/vtu/consumption-history',
    {
      config: { permission: 'vtu.read' },
      schema: {
        tags,
        summary: "Vends that consumed the lines' float",
        querystring: vtuHistoryQuery,
        response: { 200: paginated(vtuConsumptionView) },
      },
    },
    async (req, reply) => {
      const q = req.query;
      const csv = q.format === 'csv';
      const { rows, total } = await consumptionHistory(ctx.db, {
        ...q,
        ...range(q),
        page: csv ? 1 : q.page,
        limit: csv ? CSV_EXPORT_LIMIT : q.limit,
      });
      const out = rows.map((x) => ({
        vendId: x.v.id,
        vendCode: x.v.code,
        lineId: x.line.id,
        lineCode: x.line.code,
        lineName: x.line.name,
        network: x.line.network as Network,
        phone: x.v.msisdn,
        type: x.v.serviceType as 'AIRTIME' | 'DATA',
        amountKobo: x.v.amountKobo,
        status: x.v.status as 'PENDING' | 'SUCCESSFUL',
        corporateName: x.corporateName,
        createdAt: x.v.createdAt.toISOString(),
      }));
      if (csv) {
        type R = (typeof out)[number];
        return sendCsv(
          reply,
          'vtu-consumption-history.csv',
          toCsv(
            [
              ['Date', (x: R) => x.createdAt],
              ['Vend', (x: R) => x.vendCode],
              ['Line', (x: R) => `${x.lineName} (${x.lineCode})`],
              ['Network', (x: R) => x.network],
              ['Phone', (x: R) => x.phone],
              ['Type', (x: R) => x.type],
              ['Amount (NGN)', (x: R) => koboToNairaString(x.amountKobo)],
              ['Status', (x: R) => x.status],
              ['Client', (x: R) => x.corporateName],
            ],
            out,
          ),
        );
      }
      return page('VTU consumption history retrieved', out, total, q.page, q.limit);
    },
  );
}
