// VTU line histories (spec §7 VTU: GET vtu/funding-history, vtu/consumption-history): float
// bought and float consumed by vends, as JSON pages or CSV.
import {
  koboToNairaString,
  type Network,
  networkWords,
  paginated,
  serviceTypeWords,
  statusWords,
  vtuConsumptionView,
  vtuFundingView,
  vtuHistoryQuery,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { CSV_EXPORT_LIMIT, sendCsv, toCsv } from '../../infra/csv';
import { page } from '../../infra/http';
import { lagosDayEnd, lagosDayStart } from '../../infra/lagos-time';
import { consumptionHistory } from './vtu.service';
import { fundingHistory } from './vtu-reads.service';

export async function lineHistoryRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['VTU lines'];

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
              ['Network', (x: R) => networkWords(x.network)],
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
              ['Network', (x: R) => networkWords(x.network)],
              ['Phone', (x: R) => x.phone],
              ['Type', (x: R) => serviceTypeWords(x.type)],
              ['Amount (NGN)', (x: R) => koboToNairaString(x.amountKobo)],
              ['Status', (x: R) => statusWords(x.status)],
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
