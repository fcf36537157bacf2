// Services (spec §7 Services: GET services, POST services/add, PUT services/update/{id},
// PUT services/status, PUT|POST services/assign) and the data-plan catalogue.
import {
  dataPlanBody,
  dataPlanStatusBody,
  dataPlansQuery,
  dataPlanUpdateBody,
  dataPlanView,
  serviceAssignBody,
  serviceBody,
  serviceStatusBody,
  servicesQuery,
  serviceView,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { authOf, corporateOf, requestContextOf } from '../../infra/request-context';
import { billerRoutes } from './billers.routes';
import {
  addPlan,
  addService,
  assignClientServices,
  planOut,
  serviceOut,
  setPlanStatus,
  setServiceStatus,
  updatePlan,
  updateService,
} from './catalogue.service';
import { listPlans, listServices } from './catalogue-reads.service';
import { providerPlanRoutes } from './provider-plans.routes';

const idParams = z.object({ id: z.string().uuid('Not found') });
const READ = { ADMIN: 'services.read', CORPORATE: ['vend', 'transactions.read'] } as const;
const MANAGE = 'services.manage' as const;

export async function catalogueRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Services and data plans'];
  await providerPlanRoutes(app, ctx);
  await billerRoutes(app, ctx);

  r.get(
    '/services',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Services: every one for admins; for a client, the active services assigned to it',
        querystring: servicesQuery,
        response: { 200: successEnvelope(z.array(serviceView)) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const q = req.query;
      if (me.area === 'CORPORATE') {
        const rows = await listServices(ctx.db, { ...q, status: 'ACTIVE' }, corporateOf(req), true);
        return ok(
          'Services retrieved',
          rows.map((x) => serviceOut(x.service, true)),
        );
      }
      const rows = await listServices(ctx.db, q, q.corporateId ?? null);
      return ok(
        'Services retrieved',
        rows.map((x) => serviceOut(x.service, x.assigned as boolean | null)),
      );
    },
  );

  r.post(
    '/services/add',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Add a service',
        body: serviceBody,
        response: { 201: successEnvelope(serviceView) },
      },
    },
    async (req, reply) => {
      const row = await addService(ctx.db, requestContextOf(req), req.body);
      return reply.status(201).send(ok('Service added', serviceOut(row, null)));
    },
  );

  r.put(
    '/services/update/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Update a service (network, service, platform, commission, bounds)',
        params: idParams,
        body: serviceBody,
        response: { 200: successEnvelope(serviceView) },
      },
    },
    async (req) => {
      const { after } = await updateService(ctx.db, requestContextOf(req), req.params.id, req.body);
      return ok('Service updated', serviceOut(after, null));
    },
  );

  r.put(
    '/services/status',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Enable or disable a service',
        body: serviceStatusBody,
        response: { 200: successEnvelope(serviceView) },
      },
    },
    async (req) => {
      const row = await setServiceStatus(ctx.db, requestContextOf(req), req.body.id, req.body.status);
      return ok(row.status === 'ACTIVE' ? 'Service enabled' : 'Service disabled', serviceOut(row, null));
    },
  );

  const assignResponse = successEnvelope(
    z.object({ corporateId: z.string(), serviceIds: z.array(z.string()) }),
  );
  for (const [method, replace] of [
    ['put', true],
    ['post', false],
  ] as const) {
    r[method](
      '/services/assign',
      {
        config: { permission: MANAGE },
        schema: {
          tags,
          summary: replace ? "Set a client's services to exactly this list" : 'Add services to a client',
          body: serviceAssignBody,
          response: { 200: assignResponse },
        },
      },
      async (req) => {
        const ids = await assignClientServices(
          ctx.db,
          requestContextOf(req),
          req.body.corporateId,
          req.body.serviceIds,
          replace,
        );
        return ok('Services assigned', { corporateId: req.body.corporateId, serviceIds: ids });
      },
    );
  }

  r.get(
    '/data-plans',
    {
      config: { permission: READ },
      schema: {
        tags,
        summary: 'Data plans: every one for admins, the active ones for clients',
        querystring: dataPlansQuery,
        response: { 200: successEnvelope(z.array(dataPlanView)) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const rows = await listPlans(ctx.db, {
        network: req.query.network,
        status: me.area === 'CORPORATE' ? 'ACTIVE' : req.query.status,
      });
      return ok('Data plans retrieved', rows.map(planOut));
    },
  );

  r.post(
    '/data-plans/add',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Add a data plan',
        body: dataPlanBody,
        response: { 201: successEnvelope(dataPlanView) },
      },
    },
    async (req, reply) => {
      const row = await addPlan(ctx.db, requestContextOf(req), req.body);
      return reply.status(201).send(ok('Data plan added', planOut(row)));
    },
  );

  r.put(
    '/data-plans/update/:id',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Update a data plan',
        params: idParams,
        body: dataPlanUpdateBody,
        response: { 200: successEnvelope(dataPlanView) },
      },
    },
    async (req) => {
      const { after } = await updatePlan(ctx.db, requestContextOf(req), req.params.id, req.body);
      return ok('Data plan updated', planOut(after));
    },
  );

  r.put(
    '/data-plans/status',
    {
      config: { permission: MANAGE },
      schema: {
        tags,
        summary: 'Enable or disable a data plan',
        body: dataPlanStatusBody,
        response: { 200: successEnvelope(dataPlanView) },
      },
    },
    async (req) => {
      const row = await setPlanStatus(ctx.db, requestContextOf(req), req.body.id, req.body.status);
      return ok(row.status === 'ACTIVE' ? 'Data plan enabled' : 'Data plan disabled', planOut(row));
    },
  );
}
