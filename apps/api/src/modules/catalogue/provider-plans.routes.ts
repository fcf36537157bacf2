// Our data plans at each upstream provider (issue 32): GET admin/provider-plans, PUT
// admin/provider-plans, POST admin/provider-plans/sync (a proposal) and .../sync/accept.
// Admins only: reading needs services.read, changing services.manage, as the data plans do.
import {
  providerPlanAcceptBody,
  providerPlanBody,
  providerPlanSyncBody,
  providerPlanSyncView,
  providerPlansQuery,
  providerPlanView,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { acceptSync, listProviderPlans, proposeSync, saveProviderPlan } from './provider-plans.service';

const READ = 'services.read' as const;
const MANAGE = 'services.manage' as const;

export async function providerPlanRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Services and data plans'];

  r.get(
    '/admin/provider-plans',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Every data plan of ours with its code, price and state at a provider (or none)',
        querystring: providerPlansQuery,
        response: { 200: successEnvelope(z.array(providerPlanView)) },
      },
    },
    async (req) => ok('Provider plans retrieved', await listProviderPlans(ctx.db, req.query.provider)),
  );

  r.put(
    '/admin/provider-plans',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: "Map one of our data plans to a provider's code and price, or deactivate the mapping",
        body: providerPlanBody,
        response: { 200: successEnvelope(providerPlanView) },
      },
    },
    async (req) => {
      const { provider, ...input } = req.body;
      return ok(
        'Provider code saved',
        await saveProviderPlan(ctx.db, requestContextOf(req), provider, input),
      );
    },
  );

  r.post(
    '/admin/provider-plans/sync',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary:
          "Read the provider's plan lists and propose new codes, new prices and withdrawn codes (changes nothing)",
        body: providerPlanSyncBody,
        response: { 200: successEnvelope(providerPlanSyncView) },
      },
    },
    async (req) => ok('Sync proposal ready', await proposeSync(ctx, req.body.provider)),
  );

  r.post(
    '/admin/provider-plans/sync/accept',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Apply the accepted items of a sync proposal',
        body: providerPlanAcceptBody,
        response: { 200: successEnvelope(z.array(providerPlanView)) },
      },
    },
    async (req) => {
      const rows = await acceptSync(ctx.db, requestContextOf(req), req.body.provider, req.body.changes);
      return ok(`${rows.length} change${rows.length === 1 ? '' : 's'} applied`, rows);
    },
  );
}
