// Dashboards and sales valuation (spec §7 Dashboards, Transactions): GET corporate-dashboard-data,
// GET admin-dashboard-data-v2, GET evaluation/vending/{clientId}/count and its chunks. A client
// reads only its own figures: another client's id is "not found".
import {
  adminDashboardQuery,
  adminDashboardView,
  corporateDashboardQuery,
  corporateDashboardView,
  successEnvelope,
  trendsQuery,
  trendsView,
  valuationChunkQuery,
  valuationChunkView,
  valuationClientParams,
  valuationCountView,
  valuationQuery,
} from '@vendport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { notFound } from '../../infra/errors';
import { ok } from '../../infra/http';
import { authOf, corporateOf } from '../../infra/request-context';
import { corporateNames, testModeOf } from '../clients';
import { platformSettings } from '../platform';
import { adminDashboard, corporateDashboard } from './dashboards.service';
import { trends } from './trends.service';
import { valuationChunk, valuationCount } from './valuation.service';

export async function reportsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Dashboards'];

  /**
   * The client whose figures a caller may read, with its name: any existing client for an admin,
   * only its own for a client (another id, or one that does not exist, is "not found").
   */
  const clientOf = async (req: FastifyRequest, clientId: string) => {
    if (authOf(req).area === 'CORPORATE' && corporateOf(req) !== clientId) throw notFound('Corporate client');
    const name = (await corporateNames(ctx.db, [clientId])).get(clientId);
    if (name === undefined) throw notFound('Corporate client');
    return { id: clientId, name };
  };

  r.get(
    '/corporate-dashboard-data',
    {
      config: { permission: { CORPORATE: 'dashboard.view' } },
      schema: {
        tags,
        summary:
          'My home figures for today, this week, this month or a custom range (Lagos days): live vends only',
        querystring: corporateDashboardQuery,
        response: { 200: successEnvelope(corporateDashboardView) },
      },
    },
    async (req) => {
      const corporateId = corporateOf(req);
      const testMode = await testModeOf(ctx.db, corporateId);
      return ok(
        'Dashboard data retrieved',
        await corporateDashboard(ctx.db, corporateId, testMode, req.query),
      );
    },
  );

  r.get(
    '/admin-dashboard-data-v2',
    {
      config: { permission: 'analytics.read' },
      schema: {
        tags,
        summary: 'Platform figures for a range (default: the last 30 days), live vends only',
        querystring: adminDashboardQuery,
        response: { 200: successEnvelope(adminDashboardView) },
      },
    },
    async (req) =>
      ok(
        'Dashboard data retrieved',
        await adminDashboard(ctx.db, req.query, (await platformSettings(ctx)).vtuLowFloatThresholdKobo),
      ),
  );

  r.get(
    '/evaluation/vending/:clientId/count',
    {
      config: { permission: { ADMIN: 'analytics.read', CORPORATE: 'transactions.read' } },
      schema: {
        tags,
        summary: 'How many successful live vends a range holds, and how many chunks of chunkSize they take',
        params: valuationClientParams,
        querystring: valuationQuery,
        response: { 200: successEnvelope(valuationCountView) },
      },
    },
    async (req) => {
      const client = await clientOf(req, req.params.clientId);
      return ok('Valuation count retrieved', {
        clientName: client.name,
        ...(await valuationCount(ctx.db, client.id, req.query)),
      });
    },
  );

  r.get(
    '/evaluation/vending/:clientId',
    {
      config: { permission: { ADMIN: 'analytics.read', CORPORATE: 'transactions.read' } },
      schema: {
        tags,
        summary:
          'One chunk of the valuation: value, commission and net cost per network and service of the next chunkSize vends (pass the previous chunk’s next as after)',
        params: valuationClientParams,
        querystring: valuationChunkQuery,
        response: { 200: successEnvelope(valuationChunkView) },
      },
    },
    async (req) =>
      ok(
        'Valuation chunk retrieved',
        await valuationChunk(ctx.db, (await clientOf(req, req.params.clientId)).id, req.query),
      ),
  );

  r.get(
    '/analytics/trends',
    {
      config: { permission: 'analytics.read' },
      schema: {
        tags,
        summary:
          'Platform sales and funding per day, week or month over a range (default: the last 30 days), by network, service, platform and client type, with the success rate and the previous period of the same length; live vends only',
        querystring: trendsQuery,
        response: { 200: successEnvelope(trendsView) },
      },
    },
    async (req) => ok('Analytics trends retrieved', await trends(ctx.db, req.query)),
  );
}
