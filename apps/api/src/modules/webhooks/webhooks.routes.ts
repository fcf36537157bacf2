// Settings: the webhook (spec §7 Settings: POST web-hook-url; GET web-hook-url) and the client's
// delivery log with resend.
import {
  paginated,
  passwordConfirmBody,
  successEnvelope,
  webhookDeliveriesQuery,
  webhookDeliveryView,
  webhookSecretRotateBody,
  webhookUrlBody,
  webhookView,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { notFound } from '../../infra/errors';
import { ok, page } from '../../infra/http';
import { corporateOf, requestContextOf } from '../../infra/request-context';
import { confirmActingPassword } from '../auth';
import { sendTestWebhook } from './test-event.service';
import {
  deliveryOut,
  removeWebhook,
  resendDelivery,
  rotateWebhookSecret,
  setWebhookUrl,
  webhookOut,
} from './webhooks.service';
import { attemptsOf, findDelivery, getWebhook, listDeliveries } from './webhooks-reads.service';

// 'settings.manage' names an admin permission too: the area is spelled out.
const SETTINGS_READ = { CORPORATE: 'settings.read' } as const;
const SETTINGS_MANAGE = { CORPORATE: 'settings.manage' } as const;
const idParams = z.object({ id: z.string().uuid('Webhook delivery not found') });
const attemptView = z.object({
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});

export async function webhooksRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Settings: webhook'];

  r.get(
    '/web-hook-url',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'The webhook URL and its signing secret (masked)',
        response: { 200: successEnvelope(webhookView) },
      },
    },
    async (req) => ok('Webhook retrieved', webhookOut(await getWebhook(ctx.db, corporateOf(req)))),
  );

  r.post(
    '/web-hook-url',
    {
      config: { permission: SETTINGS_MANAGE },
      schema: {
        tags,
        summary:
          'Set the webhook URL; the signing secret is generated and shown in this answer the first time only',
        body: webhookUrlBody,
        response: { 200: successEnvelope(webhookView) },
      },
    },
    async (req) => {
      const { row, secret } = await setWebhookUrl(ctx, requestContextOf(req), corporateOf(req), req.body.url);
      return ok(
        secret ? 'Webhook saved. Copy the signing secret now: it is shown only once.' : 'Webhook saved',
        webhookOut(row, secret),
      );
    },
  );

  r.post(
    '/web-hook-url/rotate-secret',
    {
      config: { permission: SETTINGS_MANAGE },
      schema: {
        tags,
        summary: 'Replace the signing secret (password-confirmed); the new one is shown once',
        body: webhookSecretRotateBody,
        response: { 200: successEnvelope(webhookView) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      const { row, secret } = await rotateWebhookSecret(ctx, rc, corporateOf(req));
      return ok('Signing secret replaced. Copy it now: it is shown only once.', webhookOut(row, secret));
    },
  );

  r.delete(
    '/web-hook-url',
    {
      config: { permission: SETTINGS_MANAGE },
      schema: {
        tags,
        summary:
          'Remove the webhook (password-confirmed: a new URL set afterwards gets a new signing secret); pending deliveries stop',
        body: passwordConfirmBody,
        response: { 200: successEnvelope(webhookView) },
      },
    },
    async (req) => {
      const corporateId = corporateOf(req);
      const rc = requestContextOf(req);
      await confirmActingPassword(ctx, rc, req.body.password);
      await removeWebhook(ctx.db, rc, corporateId);
      return ok('Webhook removed', webhookOut(null));
    },
  );

  r.get(
    '/webhooks/deliveries',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'Webhook deliveries, newest first (search: an event id)',
        querystring: webhookDeliveriesQuery,
        response: { 200: paginated(webhookDeliveryView) },
      },
    },
    async (req) => {
      const { rows, total } = await listDeliveries(ctx.db, corporateOf(req), req.query);
      return page(
        'Webhook deliveries retrieved',
        rows.map(deliveryOut),
        total,
        req.query.page,
        req.query.limit,
      );
    },
  );

  r.get(
    '/webhooks/deliveries/:id',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'One delivery with its attempts and the exact body sent',
        params: idParams,
        response: {
          200: successEnvelope(
            webhookDeliveryView.extend({ body: z.string(), attemptLog: z.array(attemptView) }),
          ),
        },
      },
    },
    async (req) => {
      const found = await findDelivery(ctx.db, corporateOf(req), req.params.id);
      if (!found) throw notFound('Webhook delivery');
      const attempts = await attemptsOf(ctx.db, found.d.id);
      return ok('Webhook delivery retrieved', {
        ...deliveryOut(found),
        body: found.d.body,
        attemptLog: attempts.map((a) => ({
          attempt: a.attempt,
          statusCode: a.statusCode,
          error: a.error,
          durationMs: a.durationMs,
          createdAt: a.createdAt.toISOString(),
        })),
      });
    },
  );

  r.post(
    '/webhooks/deliveries/:id/resend',
    {
      config: { permission: SETTINGS_MANAGE },
      schema: {
        tags,
        summary: 'Send an event again now (same event id, to the current URL)',
        params: idParams,
        response: { 201: successEnvelope(webhookDeliveryView) },
      },
    },
    async (req, reply) => {
      const created = await resendDelivery(ctx.db, requestContextOf(req), corporateOf(req), req.params.id);
      return reply.status(201).send(ok('The event will be sent again shortly', deliveryOut(created)));
    },
  );

  r.post(
    '/webhooks/test',
    {
      config: { permission: SETTINGS_MANAGE },
      schema: {
        tags,
        summary:
          'Send a signed sample vend.successful event (livemode false) to your webhook URL now, and answer with the attempt',
        response: { 200: successEnvelope(webhookDeliveryView.extend({ durationMs: z.number().int() })) },
      },
    },
    async (req) => {
      const { found, durationMs } = await sendTestWebhook(ctx, requestContextOf(req), corporateOf(req));
      const out = { ...deliveryOut(found), durationMs };
      return ok(
        out.status === 'DELIVERED'
          ? `Test event delivered: your endpoint answered HTTP ${out.lastStatusCode}`
          : `Test event not delivered: ${out.lastError ?? 'no answer'}`,
        out,
      );
    },
  );
}
