// VTU lines (spec §7 VTU: GET vtu/list; POST vtu/add, vtu/assign, vtu/refresh, vtu/public-api)
// plus vtu/status: the lines, their assignment to a client, the provider balance and the switches.
import {
  successEnvelope,
  vtuAddBody,
  vtuAssignBody,
  vtuLineView,
  vtuPublicApiBody,
  vtuRefreshBody,
  vtuStatusBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { addLine, assignLine, lineOut, refreshLine, setLinePublicApi, setLineStatus } from './vtu.service';
import { listLines } from './vtu-reads.service';

export async function linesRoutes(app: FastifyInstance, ctx: AppContext) {
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
      const l = await addLine(ctx.db, requestContextOf(req), req.body);
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
      const { after } = await assignLine(
        ctx.db,
        requestContextOf(req),
        req.body.vtuLine,
        req.body.corporateId,
      );
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
      const l = await refreshLine(ctx, requestContextOf(req), req.body.vtuLine);
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
      const l = await setLinePublicApi(ctx.db, requestContextOf(req), req.body.vtuLine, req.body.enabled);
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
      const l = await setLineStatus(ctx.db, requestContextOf(req), req.body.vtuLine, req.body.status);
      return ok(req.body.status === 'ACTIVE' ? 'VTU line enabled' : 'VTU line disabled', lineOut(l));
    },
  );
}
