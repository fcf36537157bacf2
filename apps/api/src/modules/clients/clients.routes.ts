// The admin's calls on corporate clients (spec §7 Clients): the list (GET corporate-clients with
// the spec's filters), one client with its wallet, activation (PUT corporate-clients/status), and
// the credit terms: PUT set-limit and PUT corporate-clients/limit (one behaviour, two paths of the
// spec) and POST corporate-clients/switch. Changes are password-confirmed and audited; the client
// is notified.
import {
  clientCreditView,
  corporateClientDetailView,
  corporateClientParams,
  corporateClientsQuery,
  corporateClientView,
  corporateStatusBody,
  creditLimitBody,
  paginated,
  successEnvelope,
  switchClientTypeBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok, page } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { confirmActingPassword } from '../auth';
import {
  type CreditTerms,
  changeCreditTerms,
  corporateClientDetail,
  corporateClientsPage,
  setClientStatus,
} from './clients.service';
import { clientLifecycleRoutes } from './lifecycle.routes';

const view = (t: CreditTerms) => ({
  corporateId: t.corporateId,
  clientType: t.clientType,
  creditLimitKobo: t.creditLimitKobo,
  balanceKobo: t.balanceKobo,
  floorKobo: t.floorKobo,
  availableKobo: t.availableKobo,
});

export async function clientsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Clients'];

  r.get(
    '/corporate-clients',
    {
      config: { permission: 'clients.read' },
      schema: {
        tags,
        summary:
          'Corporate clients, newest first: search (name, email, phone), onboarding dates, status, client type',
        querystring: corporateClientsQuery,
        response: { 200: paginated(corporateClientView) },
      },
    },
    async (req) => {
      const { rows, total } = await corporateClientsPage(ctx.db, req.query);
      return page('Corporate clients retrieved', rows, total, req.query.page, req.query.limit);
    },
  );

  r.get(
    '/corporate-clients/:id',
    {
      config: { permission: 'clients.read' },
      schema: {
        tags,
        summary: 'One corporate client with its wallet (balance, credit terms)',
        params: corporateClientParams,
        response: { 200: successEnvelope(corporateClientDetailView) },
      },
    },
    async (req) => ok('Corporate client retrieved', await corporateClientDetail(ctx.db, req.params.id)),
  );

  r.put(
    '/corporate-clients/status',
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags,
        summary:
          'Activate or deactivate a client (password-confirmed); an inactive client can read but not fund or vend',
        body: corporateStatusBody,
        response: { 200: successEnvelope(corporateClientDetailView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const view = await setClientStatus(ctx, req.body.corporateId, req.body.status, requestContextOf(req));
      return ok(req.body.status === 'ACTIVE' ? 'Client activated' : 'Client deactivated', view);
    },
  );

  await clientsCreditRoutes(app, ctx);
  await clientLifecycleRoutes(app, ctx);
}

export async function clientsCreditRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Clients'];

  for (const url of ['/set-limit', '/corporate-clients/limit']) {
    r.put(
      url,
      {
        config: { permission: 'funding.manage' },
        schema: {
          tags,
          summary: 'Set a client’s credit limit (naira); refused below what the client has already used',
          body: creditLimitBody,
          response: { 200: successEnvelope(clientCreditView) },
        },
      },
      async (req) => {
        await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
        const { after } = await changeCreditTerms(
          ctx.db,
          req.body.corporateId,
          { creditLimitKobo: req.body.limit },
          requestContextOf(req),
        );
        return ok('Credit limit updated', view(after));
      },
    );
  }

  r.post(
    '/corporate-clients/switch',
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags,
        summary: 'Switch a client between PREPAID, POSTPAID and POSTPAID_PLUS (the balance never changes)',
        body: switchClientTypeBody,
        response: { 200: successEnvelope(clientCreditView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const { after } = await changeCreditTerms(
        ctx.db,
        req.body.corporateId,
        { clientType: req.body.clientType },
        requestContextOf(req),
      );
      return ok('Client type switched', view(after));
    },
  );
}
