// Billers and bouquets (issue 51): the admin's catalogue screens (list, commission and limits,
// enable/disable, assignment to a client, bouquet sync and status) and the client's listings.
import {
  billerAssignBody,
  billerCodeSchema,
  billerStatusBody,
  billersQuery,
  billerUpdateBody,
  billerView,
  bouquetStatusBody,
  bouquetSyncView,
  bouquetsQuery,
  bouquetView,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { notFound } from '../../infra/errors';
import { ok } from '../../infra/http';
import { corporateOf, requestContextOf } from '../../infra/request-context';
import {
  assignClientBillers,
  billerOut,
  bouquetOut,
  setBillerStatus,
  setBouquetStatus,
  syncBouquets,
  updateBiller,
} from './billers.service';
import { findBiller, listBillers, listBouquets } from './catalogue-reads.service';

const idParams = z.object({ id: z.string().uuid('Not found') });
const codeParams = z.object({ code: billerCodeSchema });
const READ = 'services.read' as const;
const MANAGE = 'services.manage' as const;

export async function billerRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bills'];

  // ---------------------------------------------------------------- the client's listings

  r.get(
    '/bills/billers',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary: 'The active billers, each marked with whether your account may pay it',
        querystring: billersQuery.pick({ kind: true }),
        response: { 200: successEnvelope(z.array(billerView)) },
      },
    },
    async (req) => {
      const rows = await listBillers(ctx.db, { kind: req.query.kind, status: 'ACTIVE' }, corporateOf(req));
      return ok(
        'Billers retrieved',
        rows.map((x) => billerOut(x.service, x.assigned)),
      );
    },
  );

  r.get(
    '/bills/billers/:code/bouquets',
    {
      config: { permission: 'vend' },
      schema: {
        tags,
        summary: "A TV biller's active bouquets",
        params: codeParams,
        response: { 200: successEnvelope(z.array(bouquetView)) },
      },
    },
    async (req) =>
      ok('Bouquets retrieved', (await listBouquets(ctx.db, req.params.code, 'ACTIVE')).map(bouquetOut)),
  );

  // ---------------------------------------------------------------- admin

  r.get(
    '/admin/billers',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Every biller with its commission, limits and status (assigned: for corporateId)',
        querystring: billersQuery,
        response: { 200: successEnvelope(z.array(billerView)) },
      },
    },
    async (req) => {
      const q = req.query;
      const rows = await listBillers(ctx.db, { kind: q.kind, status: q.status }, q.corporateId ?? null);
      return ok(
        'Billers retrieved',
        rows.map((x) => billerOut(x.service, x.assigned)),
      );
    },
  );

  r.patch(
    '/admin/billers/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: "A biller's commission (percent) and minimum and maximum amount",
        params: idParams,
        body: billerUpdateBody,
        response: { 200: successEnvelope(billerView) },
      },
    },
    async (req) => {
      const row = await updateBiller(ctx.db, requestContextOf(req), req.params.id, req.body);
      return ok('Biller updated', billerOut(row, null));
    },
  );

  r.post(
    '/admin/billers/status',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Enable or disable a biller',
        body: billerStatusBody,
        response: { 200: successEnvelope(billerView) },
      },
    },
    async (req) => {
      const row = await setBillerStatus(ctx.db, requestContextOf(req), req.body.id, req.body.status);
      return ok(row.status === 'ACTIVE' ? 'Biller enabled' : 'Biller disabled', billerOut(row, null));
    },
  );

  r.post(
    '/admin/billers/assign',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: "Set a client's billers to exactly this list (its airtime and data services are untouched)",
        body: billerAssignBody,
        response: { 200: successEnvelope(z.array(billerView)) },
      },
    },
    async (req) => {
      await assignClientBillers(ctx.db, requestContextOf(req), req.body.corporateId, req.body.billerIds);
      const rows = await listBillers(ctx.db, {}, req.body.corporateId);
      return ok(
        'Billers assigned',
        rows.map((x) => billerOut(x.service, x.assigned)),
      );
    },
  );

  r.get(
    '/admin/billers/:id/bouquets',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: "A TV biller's bouquets, every status",
        params: idParams,
        querystring: bouquetsQuery,
        response: { 200: successEnvelope(z.array(bouquetView)) },
      },
    },
    async (req) => {
      const biller = await findBiller(ctx.db, req.params.id);
      if (!biller) throw notFound('Biller');
      return ok(
        'Bouquets retrieved',
        (await listBouquets(ctx.db, biller.network, req.query.status)).map(bouquetOut),
      );
    },
  );

  r.post(
    '/admin/billers/:id/bouquets/sync',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: "Apply the provider's bouquet list: new ones added, prices updated, withdrawn ones disabled",
        params: idParams,
        response: { 200: successEnvelope(bouquetSyncView) },
      },
    },
    async (req) => {
      const res = await syncBouquets(ctx, requestContextOf(req), req.params.id);
      return ok(`Bouquets synced: ${res.added} added, ${res.repriced} repriced, ${res.withdrawn} withdrawn`, {
        ...res,
        bouquets: res.bouquets.map(bouquetOut),
      });
    },
  );

  r.post(
    '/admin/bouquets/status',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Enable or disable a bouquet',
        body: bouquetStatusBody,
        response: { 200: successEnvelope(bouquetView) },
      },
    },
    async (req) => {
      const row = await setBouquetStatus(ctx.db, requestContextOf(req), req.body.id, req.body.status);
      return ok(row.status === 'ACTIVE' ? 'Bouquet enabled' : 'Bouquet disabled', bouquetOut(row));
    },
  );
}
