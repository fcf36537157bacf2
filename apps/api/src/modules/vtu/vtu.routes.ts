// VTU lines (spec §7 VTU: GET vtu/list, vtu/funding-history, vtu/consumption-history;
// POST vtu/assign, vtu/add, vtu/refresh, vtu/public-api) plus vtu/status and vtu/fund, one
// registrar per use case: the lines, funding a line, the histories.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../infra/context';
import { lineFundingRoutes } from './line-funding.routes';
import { lineHistoryRoutes } from './line-history.routes';
import { linesRoutes } from './lines.routes';

export async function vtuRoutes(app: FastifyInstance, ctx: AppContext) {
  await linesRoutes(app, ctx);
  await lineFundingRoutes(app, ctx);
  await lineHistoryRoutes(app, ctx);
}
