// Bills in the vending API (issue 51), authenticated by API key like vends: the client's billers and
// a TV biller's bouquets, verify a customer number, pay (idempotent by reference, `Prefer:
// respond-async` as vends) and read a bill by reference, with its token.
import {
  apiBillPayBody,
  billerCodeSchema,
  billersQuery,
  billerView,
  billVerificationView,
  billVerifyBody,
  billView,
  bouquetView,
  failureEnvelope,
  isBillKind,
  successEnvelope,
  vendReference,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import { notFound } from '../../../infra/errors';
import { ok } from '../../../infra/http';
import { billerOut, bouquetOut, listBouquets } from '../../catalogue';
import { clientOf, failures, modeOf, prefersAsync } from '../api/api-shared';
import { findVendByReference } from '../records/vend-reads.service';
import { findVendBill } from './bill-reads.service';
import { billMessage, billOut } from './bill-views';
import { payBill } from './pay.service';
import { verificationOut } from './verification-view';
import { verifyBill } from './verify.service';

const SANDBOX = [
  'In test mode (a vpk_test_ key, or a client in test mode) the simulator answers by number:',
  'meters 1111111111111 (prepaid: token) and 1010101010101 (postpaid: receipt); 1111111111112 pending then paid with its token on requery;',
  '1111111111113 paid but its token arrives only on requery; 1111111111114 fails (refunded); 1111111111115 an unreadable answer, settled by requery;',
  'smartcards 1212121212 (paid), 1212121213 (pending, then paid), 1212121214 (fails); Showmax phone 08011111111. Any other number fails verification (422).',
].join(' ');

export async function apiBillRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Bills API (API key)'];
  const security = [{ apiKey: [] }];

  r.get(
    '/api/bills/billers',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: 'The billers you may pay (electricity and TV), with commission and limits',
        querystring: billersQuery.pick({ kind: true }),
        response: { 200: successEnvelope(z.array(billerView)), ...failures },
      },
    },
    async (req) => {
      const rows = clientOf(req)
        .services.filter((s) => isBillKind(s.serviceType))
        .filter((s) => !req.query.kind || s.serviceType === req.query.kind)
        .sort((a, b) => a.serviceType.localeCompare(b.serviceType) || a.network.localeCompare(b.network));
      return ok(
        'Billers retrieved',
        rows.map((s) => billerOut(s, true)),
      );
    },
  );

  r.get(
    '/api/bills/billers/:code/bouquets',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: "A TV biller's bouquets (the codes CHANGE takes)",
        params: z.object({ code: billerCodeSchema }),
        response: { 200: successEnvelope(z.array(bouquetView)), ...failures },
      },
    },
    async (req) =>
      ok('Bouquets retrieved', (await listBouquets(ctx.db, req.params.code, 'ACTIVE')).map(bouquetOut)),
  );

  r.post(
    '/api/bills/verify',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: 'Verify a meter, smartcard or IUC number before paying',
        description: `Answers the customer's name and address (TV: the current bouquet and its renewal amount) and a verification id that a payment reuses for 10 minutes. A number the biller does not know is refused 422 VERIFICATION_FAILED; nothing is charged. ${SANDBOX}`,
        body: billVerifyBody.meta({
          example: { biller: 'IKEDC', customerNumber: '1111111111111', meterType: 'PREPAID' },
        }),
        response: {
          200: successEnvelope(billVerificationView),
          403: failureEnvelope,
          422: failureEnvelope,
          503: failureEnvelope,
          ...failures,
        },
      },
    },
    async (req) => {
      const client = clientOf(req);
      const v = await verifyBill(
        ctx,
        { corporateId: client.corporateId, channel: 'API', keyMode: client.mode, apiKeyId: client.keyId },
        req.body,
        { corp: client.corporate, services: client.services },
      );
      return ok('Customer verified', verificationOut(v));
    },
  );

  r.post(
    '/api/bills/pay',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: 'Pay an electricity or TV bill from the wallet',
        description: [
          'Electricity: an amount within the biller limits; the answer carries the token (prepaid) or the receipt reference (postpaid) and the units.',
          'TV: subscriptionType RENEW (the current bouquet, for the renewal amount verification stated) or CHANGE with a bouquetCode.',
          'The payment stands on the verification given (verificationId) while it is fresh (10 minutes); otherwise the number is verified again first.',
          'The same reference with the same body returns the original result; another body is refused 409 IDEMPOTENCY_CONFLICT.',
          'With `Prefer: respond-async` the answer is 202 with the bill PENDING once the wallet is debited; the outcome (and token) follows by the bill.* webhook or GET /api/bills/{reference}.',
          SANDBOX,
        ].join(' '),
        body: apiBillPayBody.meta({
          example: {
            reference: 'BILL-10023',
            biller: 'IKEDC',
            customerNumber: '1111111111111',
            meterType: 'PREPAID',
            amount: '5000',
            phone: '08031234567',
          },
        }),
        response: {
          200: successEnvelope(billView),
          202: successEnvelope(billView),
          400: failureEnvelope,
          402: failureEnvelope,
          403: failureEnvelope,
          409: failureEnvelope,
          422: failureEnvelope,
          503: failureEnvelope,
          ...failures,
        },
      },
    },
    async (req, reply) => {
      const respondAsync = prefersAsync(req.headers.prefer);
      const client = clientOf(req);
      const res = await payBill(
        ctx,
        { corporateId: client.corporateId, channel: 'API', keyMode: client.mode, apiKeyId: client.keyId },
        req.body,
        { corp: client.corporate, services: client.services },
        { respondAsync },
      );
      if (res.replay) reply.header('idempotent-replayed', 'true');
      if (respondAsync && (res.accepted || res.replay)) reply.header('preference-applied', 'respond-async');
      if (res.accepted) reply.code(202);
      return ok(billMessage(res.vend, res.bill), billOut(res.vend, res.bill, 'FULL'));
    },
  );

  r.get(
    '/api/bills/:reference',
    {
      config: { apiKey: true },
      schema: {
        tags,
        security,
        summary: 'A bill by your reference, with its token (test keys see test bills only)',
        params: z.object({ reference: vendReference }),
        response: { 200: successEnvelope(billView), 404: failureEnvelope, ...failures },
      },
    },
    async (req) => {
      const client = clientOf(req);
      const v = await findVendByReference(ctx.db, client.corporateId, modeOf(client), req.params.reference);
      const b = v ? await findVendBill(ctx.db, v.id) : null;
      if (!v || !b) throw notFound('Bill');
      return ok(billMessage(v, b), billOut(v, b, 'FULL'));
    },
  );
}
