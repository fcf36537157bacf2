// The vending API for clients' systems, authenticated by API key (X-API-Key) and the client's IP
// allow-list: vend, read a vend by reference, the data-plan catalogue, the client's services and
// balance. A test key (vpk_test_...) or a client in test mode vends against the sandbox wallet
// and the simulator only, and sees only test vends.
import {
  apiVendBody,
  dataPlanView,
  failureEnvelope,
  formatNaira,
  isBillKind,
  networkSchema,
  SIMULATOR_TEST_NUMBERS,
  sandboxBalanceView,
  sandboxFundBody,
  serviceView,
  successEnvelope,
  vendReference,
  vendView,
} from '@vendport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import type { Db } from '../../../infra/db/client';
import { AppError, notFound } from '../../../infra/errors';
import { ok } from '../../../infra/http';
import { requestContextOf } from '../../../infra/request-context';
import { type ApiClient, authenticateApiKey } from '../../auth';
import { listPlans, planOut, serviceOut } from '../../catalogue';
import { assertIpAllowed } from '../../ip-allowlist';
import { corporateBalances } from '../../ledger';
import { vend } from '../lifecycle/place-vend.service';
import { StaleAccessError } from '../lifecycle/vend-debits';
import { findVendByReference, referenceTaken, vendMessage, vendOut } from '../records/vend-reads.service';
import { fundSandbox } from '../sandbox/sandbox.service';
import { clientOf, failures, modeOf, prefersAsync } from './api-shared';

/** The key read anew for this call, its IP allow-list enforced: the request's client from now on. */
async function fresh(req: FastifyRequest): Promise<ApiClient> {
  const client = await authenticateApiKey(req.server.ctx.db, req.headers['x-api-key']);
  assertIpAllowed(client.ipAllowlist, req.ip);
  req.apiClient = client;
  return client;
}

/**
 * An error a vend decided from a remembered key read may owe to that read: its debit refused as
 * stale, or a refusal before any debit (client inactive, service, amount or route refused...).
 * Not an answer about money or the reference (402, 409), which a fresh read would not change.
 */
const decidedFromTerms = (err: unknown) =>
  err instanceof StaleAccessError || (err instanceof AppError && err.status !== 402 && err.status !== 409);

/**
 * Whether the client (in the mode of its key) already has a vend under this reference: a call
 * naming it is a replay, answered with the vend and never refused for rate (issue 34).
 */
export const apiVendReplayable = (db: Db, client: ApiClient, reference: string) =>
  referenceTaken(db, client.corporateId, modeOf(client), reference);

const testNumbers = SIMULATOR_TEST_NUMBERS.map((n) => `\`${n.msisdn}\`: ${n.note}`).join('; ');

export async function vendingApiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vending API (API key)'];
  const security = [{ apiKey: [] }];

  r.post(
    '/api/vend',
    {
      config: { apiKey: true, rememberKey: true, rateLimitReplay: true },
      schema: {
        tags,
        security,
        summary: 'Vend airtime or data to a Nigerian number',
        description: [
          'Debits the wallet (the sandbox wallet for test keys) and calls the network. The answer carries the vend in its current status:',
          'SUCCESSFUL, PENDING (the network has not confirmed yet: the final status follows by webhook, or GET /api/vend/{reference}) or FAILED (the debit has already been reversed).',
          'The same reference with the same body returns the original result without vending again; with another body it is refused with 409 IDEMPOTENCY_CONFLICT.',
          'With the header `Prefer: respond-async` the call does not wait for the network: once the wallet is debited it answers 202 with the vend PENDING (header `Preference-Applied: respond-async`), the network is called as it would have been, and the final status follows by webhook or GET /api/vend/{reference}; a retry of the reference then answers the vend as it stands, without waiting. Without it, the answer waits for the network (up to the provider time limit).',
          `In test mode the simulator answers by number: ${testNumbers}. Test numbers match no network prefix: give the network.`,
          'Rate limits: every call of this API takes a token from its key’s bucket and from its client’s (rates and bursts on the API settings page). Every answer carries `RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset` and `RateLimit-Policy`; a call over the limit is answered 429 RATE_LIMITED with `Retry-After` (seconds). A vend repeating a reference you already vended is never refused for rate: it answers the original vend.',
        ].join(' '),
        // OpenAPI 3.0 schemas take one `example` (`examples` is 3.1 only).
        body: apiVendBody.meta({
          example: { reference: 'ORDER-10023', phone: '08031234567', type: 'AIRTIME', amount: '500' },
        }),
        response: {
          200: successEnvelope(vendView),
          202: successEnvelope(vendView),
          400: failureEnvelope,
          402: failureEnvelope,
          403: failureEnvelope,
          409: failureEnvelope,
          503: failureEnvelope,
          ...failures,
        },
      },
    },
    async (req, reply) => {
      const respondAsync = prefersAsync(req.headers.prefer);
      const place = (client: ApiClient) =>
        vend(
          ctx,
          { corporateId: client.corporateId, channel: 'API', keyMode: client.mode, apiKeyId: client.keyId },
          req.body,
          { corp: client.corporate, services: client.services },
          { respondAsync, accessGeneration: client.remembered ? client.accessGeneration : undefined },
        );
      let client = clientOf(req);
      let res: Awaited<ReturnType<typeof vend>>;
      try {
        res = await place(client);
      } catch (err) {
        // Decided from the key's remembered read: a debit refused as stale, or a refusal, is
        // decided again on a fresh read (which itself refuses a key revoked since).
        if (!client.remembered || !decidedFromTerms(err)) throw err;
        client = await fresh(req);
        res = await place(client);
      }
      // A replay moves no money, but answers only a key that is still good.
      if (client.remembered && res.replay) await fresh(req);
      if (res.replay) reply.header('idempotent-replayed', 'true');
      if (respondAsync && (res.accepted || res.replay)) reply.header('preference-applied', 'respond-async');
      if (res.accepted) reply.code(202);
      return ok(vendMessage(res.vend), vendOut(res.vend));
    },
  );

  r.post(
    '/api/sandbox/fund',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: 'Test keys only: add test money to the sandbox wallet',
        body: sandboxFundBody,
        response: { 200: successEnvelope(sandboxBalanceView), 403: failureEnvelope, ...failures },
      },
    },
    async (req) => {
      const client = clientOf(req);
      if (modeOf(client) !== 'TEST') {
        throw new AppError(
          'FORBIDDEN',
          403,
          'Only test keys (or a client in test mode) can add sandbox money',
        );
      }
      // No signed-in user: the client's test key acted (named by its id, never the key itself).
      const balance = await fundSandbox(
        ctx,
        requestContextOf(req),
        client.corporateId,
        req.body.amount,
        client.keyId,
      );
      return ok(`${formatNaira(req.body.amount)} of test money added to the sandbox wallet`, {
        sandboxBalanceKobo: balance,
        sandboxBalance: formatNaira(balance),
      });
    },
  );

  r.get(
    '/api/vend/:reference',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: 'A vend by your reference (test keys see test vends only)',
        params: z.object({ reference: vendReference }),
        response: { 200: successEnvelope(vendView), 404: failureEnvelope, ...failures },
      },
    },
    async (req) => {
      const client = clientOf(req);
      const v = await findVendByReference(ctx.db, client.corporateId, modeOf(client), req.params.reference);
      // A bill is read at GET /api/bills/{reference} (issue 51): this answer's shape is airtime's and data's.
      if (!v || isBillKind(v.serviceType)) throw notFound('Vend');
      return ok(vendMessage(v), vendOut(v));
    },
  );

  r.get(
    '/api/data-plans',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: 'The active data plans; vend one with type DATA and its planCode',
        querystring: z.object({ network: networkSchema.optional() }),
        response: { 200: successEnvelope(z.array(dataPlanView)), ...failures },
      },
    },
    async (req) => {
      clientOf(req);
      return ok(
        'Data plans retrieved',
        (await listPlans(ctx.db, { network: req.query.network, status: 'ACTIVE' })).map(planOut),
      );
    },
  );

  r.get(
    '/api/services',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: 'The services you may vend, with their commission rate and amount bounds',
        response: { 200: successEnvelope(z.array(serviceView)), ...failures },
      },
    },
    async (req) => {
      // Read with the key already (assigned and active); listed in catalogue order.
      const rows = clientOf(req)
        .services.filter((s) => s.serviceType === 'AIRTIME' || s.serviceType === 'DATA')
        .sort(
          (a, b) =>
            a.network.localeCompare(b.network) ||
            a.serviceType.localeCompare(b.serviceType) ||
            a.platform.localeCompare(b.platform),
        );
      return ok(
        'Services retrieved',
        rows.map((x) => serviceOut(x, true)),
      );
    },
  );

  r.get(
    '/api/balance',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary:
          'Your wallet balance (the sandbox wallet for test keys); available = balance down to your floor',
        response: {
          200: successEnvelope(
            z.object({
              mode: z.enum(['LIVE', 'TEST']),
              balanceKobo: z.number().int(),
              balance: z.string(),
              availableKobo: z.number().int(),
              available: z.string(),
              commissionBalanceKobo: z.number().int().nullable(),
            }),
          ),
          ...failures,
        },
      },
    },
    async (req) => {
      const client = clientOf(req);
      const mode = modeOf(client);
      const b = await corporateBalances(ctx.db, client.corporateId);
      const balanceKobo = mode === 'TEST' ? b.sandboxKobo : b.walletKobo;
      const availableKobo = mode === 'TEST' ? b.sandboxKobo : b.walletKobo - b.floorKobo;
      return ok('Balance retrieved', {
        mode,
        balanceKobo,
        balance: formatNaira(balanceKobo),
        availableKobo,
        available: formatNaira(availableKobo),
        commissionBalanceKobo: mode === 'TEST' ? null : b.commissionKobo,
      });
    },
  );
}
