// Auto top-up (DESIGN §2; the client's screens auto-topup-settings, auto-top-up-subscribers and
// auto-topup-transactions, the admin's auto-top-up/{id}): the client's settings, subscribers (with
// CSV import and Run now) and runs (filters, pager, CSV); the admin's read of one client. The
// platform's switch is PUT corporate-clients/auto-topup (clients module).
import {
  adminAutoTopupView,
  autoTopupClientParams,
  autoTopupIdParams,
  autoTopupImportBody,
  autoTopupImportResult,
  autoTopupPauseBody,
  autoTopupRunsQuery,
  autoTopupRunView,
  autoTopupSettingsBody,
  autoTopupSettingsView,
  autoTopupSubscriberBody,
  autoTopupSubscribersQuery,
  autoTopupSubscriberView,
  keysetPaginated,
  paginated,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok, pagedEnvelope } from '../../infra/http';
import { authOf, corporateOf, requestContextOf } from '../../infra/request-context';
import { subscriberOut } from './auto-topup.views';
import { sendClientRuns, sendRuns } from './runs.service';
import { runSubscriberNow } from './scheduler.service';
import { adminOverview, getSettings, saveSettings } from './settings.service';
import {
  addSubscriber,
  clientSubscribersPage,
  editSubscriber,
  importSubscribers,
  pauseSubscriber,
  removeSubscriber,
  subscribersPage,
} from './subscribers.service';

const MANAGE = { permission: 'autotopup.manage' } as const;
/** Viewing settings, subscribers and runs: autotopup.read, or manage (who changes them sees them). */
const READ = { permission: { CORPORATE: ['autotopup.read', 'autotopup.manage'] } } as const;
const ADMIN_READ = { permission: 'clients.read' } as const;

export async function autoTopupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Auto top-up'];

  r.get(
    '/auto-topup/settings',
    {
      config: READ,
      schema: {
        tags,
        summary: 'My auto top-up settings, with the spend against the caps',
        response: { 200: successEnvelope(autoTopupSettingsView) },
      },
    },
    async (req) => ok('Auto top-up settings retrieved', await getSettings(ctx.db, corporateOf(req))),
  );

  r.post(
    '/auto-topup/settings',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Save my auto top-up settings (switching it on needs the platform to allow it)',
        body: autoTopupSettingsBody,
        response: { 200: successEnvelope(autoTopupSettingsView) },
      },
    },
    async (req) =>
      ok(
        'Auto top-up settings saved',
        await saveSettings(ctx, corporateOf(req), authOf(req).userId, req.body, requestContextOf(req)),
      ),
  );

  r.get(
    '/auto-topup/subscribers',
    {
      config: READ,
      schema: {
        tags,
        summary:
          'My subscribers (search: name, phone or customer number; status ACTIVE or PAUSED), each with its next run',
        querystring: autoTopupSubscribersQuery,
        response: { 200: paginated(autoTopupSubscriberView) },
      },
    },
    async (req) =>
      pagedEnvelope(
        'Subscribers retrieved',
        await subscribersPage(ctx.db, corporateOf(req), req.query),
        subscriberOut,
      ),
  );

  r.post(
    '/auto-topup/subscribers',
    {
      config: MANAGE,
      schema: {
        tags,
        summary:
          'Add a subscriber: a line (checked as a vend would be; the network is detected unless named) or a bill, a meter or smartcard (verified with the provider and checked as a bill payment would be)',
        body: autoTopupSubscriberBody,
        response: { 200: successEnvelope(autoTopupSubscriberView) },
      },
    },
    async (req) =>
      ok(
        'Subscriber added',
        await addSubscriber(ctx, corporateOf(req), authOf(req).userId, req.body, requestContextOf(req)),
      ),
  );

  r.post(
    '/auto-topup/subscribers/import',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Add subscribers from a CSV: every row is checked first; one bad row adds none',
        body: autoTopupImportBody,
        response: { 200: successEnvelope(autoTopupImportResult) },
      },
    },
    async (req) => {
      const res = await importSubscribers(
        ctx,
        corporateOf(req),
        authOf(req).userId,
        req.body.csv,
        requestContextOf(req),
      );
      return ok(`${res.created} subscriber${res.created === 1 ? '' : 's'} added`, res);
    },
  );

  r.put(
    '/auto-topup/subscribers/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Edit a subscriber (its next run is computed again)',
        params: autoTopupIdParams,
        body: autoTopupSubscriberBody,
        response: { 200: successEnvelope(autoTopupSubscriberView) },
      },
    },
    async (req) =>
      ok(
        'Subscriber updated',
        await editSubscriber(ctx, corporateOf(req), req.params.id, req.body, requestContextOf(req)),
      ),
  );

  r.put(
    '/auto-topup/subscribers/:id/pause',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Pause or resume a subscriber',
        params: autoTopupIdParams,
        body: autoTopupPauseBody,
        response: { 200: successEnvelope(autoTopupSubscriberView) },
      },
    },
    async (req) => {
      const s = await pauseSubscriber(
        ctx,
        corporateOf(req),
        req.params.id,
        req.body.paused,
        requestContextOf(req),
      );
      return ok(req.body.paused ? 'Subscriber paused' : 'Subscriber resumed', s);
    },
  );

  r.delete(
    '/auto-topup/subscribers/:id',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Remove a subscriber (its past runs stay in the history)',
        params: autoTopupIdParams,
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (req) => {
      await removeSubscriber(ctx, corporateOf(req), req.params.id, requestContextOf(req));
      return ok('Subscriber removed', null);
    },
  );

  r.post(
    '/auto-topup/subscribers/:id/run',
    {
      config: MANAGE,
      schema: {
        tags,
        summary: 'Run now: top the subscriber up at once (its schedule is unchanged)',
        params: autoTopupIdParams,
        response: { 200: successEnvelope(autoTopupRunView) },
      },
    },
    async (req) => {
      const run = await runSubscriberNow(ctx, corporateOf(req), req.params.id, requestContextOf(req));
      return ok(
        run.status === 'SUCCESSFUL' || run.status === 'PENDING'
          ? // A bill names its biller and customer number; its token stays on the vend's detail.
            `Top-up of ${run.amount} to ${run.bill ? `${run.bill.billerName} ${run.bill.customerNumber}` : run.phone} placed`
          : `Top-up not placed: ${run.reason ?? run.status}`,
        run,
      );
    },
  );

  r.get(
    '/auto-topup/runs',
    {
      config: READ,
      schema: {
        tags,
        summary:
          "My auto top-up runs with their vend, status and reason, a bill's customer number and masked token (search: name, phone, customer number, VND code); format=csv exports",
        querystring: autoTopupRunsQuery,
        response: { 200: keysetPaginated(autoTopupRunView) },
      },
    },
    async (req, reply) => sendRuns(ctx.db, reply, corporateOf(req), req.query),
  );

  // ------------------------------------------------------------------ admin

  r.get(
    '/auto-top-up/:id',
    {
      config: ADMIN_READ,
      schema: {
        tags,
        summary: 'One client’s auto top-up: the platform switch, its settings and totals',
        params: autoTopupClientParams,
        response: { 200: successEnvelope(adminAutoTopupView) },
      },
    },
    async (req) => ok('Auto top-up retrieved', await adminOverview(ctx.db, req.params.id)),
  );

  r.get(
    '/auto-top-up/:id/subscribers',
    {
      config: ADMIN_READ,
      schema: {
        tags,
        summary: 'One client’s subscribers',
        params: autoTopupClientParams,
        querystring: autoTopupSubscribersQuery,
        response: { 200: paginated(autoTopupSubscriberView) },
      },
    },
    async (req) =>
      pagedEnvelope(
        'Subscribers retrieved',
        await clientSubscribersPage(ctx.db, req.params.id, req.query),
        subscriberOut,
      ),
  );

  r.get(
    '/auto-top-up/:id/runs',
    {
      config: ADMIN_READ,
      schema: {
        tags,
        summary: 'One client’s auto top-up runs (filters as the client’s); format=csv exports',
        params: autoTopupClientParams,
        querystring: autoTopupRunsQuery,
        response: { 200: keysetPaginated(autoTopupRunView) },
      },
    },
    async (req, reply) => sendClientRuns(ctx.db, reply, req.params.id, req.query),
  );
}
