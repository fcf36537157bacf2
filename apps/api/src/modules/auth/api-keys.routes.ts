// A client's live and test API keys (spec §7 Auth): masked list, copy and reset, both
// password-confirmed.
import { apiKeyResetBody, apiKeyView, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { requestContextOf } from '../../infra/request-context';
import { copyApiKey, listApiKeys, resetApiKey } from './api-keys.service';

const keyTags = ['API keys'];
const keyMode = z.enum(['LIVE', 'TEST']);
const fullKey = apiKeyView.extend({ key: z.string() });

export async function apiKeysRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/get-api-key',
    {
      config: { permission: 'apikey.manage' },
      schema: {
        tags: keyTags,
        summary: 'My live and test API keys, masked',
        security: [{ bearer: [] }],
        response: { 200: successEnvelope(z.array(apiKeyView)) },
      },
    },
    async (req) => ok('API keys retrieved', await listApiKeys(ctx, requestContextOf(req))),
  );

  r.get(
    '/api-key/copy',
    {
      config: { permission: 'apikey.manage' },
      schema: {
        tags: keyTags,
        summary: 'One full API key, confirmed with my password in the X-Confirm-Password header',
        security: [{ bearer: [] }],
        querystring: z.object({ mode: keyMode.default('LIVE') }),
        headers: z.object({ 'x-confirm-password': z.string().optional() }),
        response: { 200: successEnvelope(fullKey) },
      },
    },
    async (req) =>
      ok(
        'API key retrieved',
        await copyApiKey(ctx, requestContextOf(req), req.query.mode, req.headers['x-confirm-password']),
      ),
  );

  r.post(
    '/reset-api-key',
    {
      config: { permission: 'apikey.manage' },
      schema: {
        tags: keyTags,
        summary: 'Replace an API key (password-confirmed); the old key stops working at once',
        security: [{ bearer: [] }],
        body: apiKeyResetBody,
        response: { 200: successEnvelope(fullKey) },
      },
    },
    async (req) =>
      ok(
        'API key reset. Copy it now: the previous key no longer works.',
        await resetApiKey(ctx, requestContextOf(req), req.body.mode, req.body.password),
      ),
  );
}
