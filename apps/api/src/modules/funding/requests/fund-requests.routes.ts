// Bank fund requests and postpaid repayments (spec §7 Wallet): the collection account to pay
// into, telling us about a transfer (with an optional proof file), "I have paid", the client's
// open requests, and one request and its proof for either area.
import {
  fundingAccountView,
  fundRequestBody,
  fundRequestConfirmBody,
  fundRequestView,
  paginated,
  pendingFundRequestsQuery,
  repaymentBody,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../../infra/context';
import { ok, page, sendStoredFile } from '../../../infra/http';
import { authOf, corporateOf, requestContextOf } from '../../../infra/request-context';
import {
  confirmFundRequestPaid,
  createFundRequest,
  fundingAccount,
  fundRequestProof,
  fundRequestsPage,
  getFundRequest,
} from './fund-requests.service';
import { readMultipartBody, uploadedFile } from './proof-uploads';

const fundRequestIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export async function fundRequestsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Wallet'];
  const adminTags = ['Funding (admin)'];

  // ---------------------------------------------------------------- client

  r.get(
    '/get-funding-account',
    {
      config: { permission: 'wallet.read' },
      schema: {
        tags,
        summary: 'The platform account to pay into, and the narration to use',
        response: { 200: successEnvelope(fundingAccountView) },
      },
    },
    async (req) => ok('Funding account retrieved', await fundingAccount(ctx, corporateOf(req))),
  );

  const fundRequestWithProof = fundRequestBody.extend({ proof: uploadedFile.optional() });
  for (const [url, kind] of [
    ['/fund-request', 'FUNDING'],
    ['/postpaid-repayment', 'REPAYMENT'],
  ] as const) {
    r.post(
      url,
      {
        config: { permission: 'wallet.fund' },
        preValidation: readMultipartBody,
        schema: {
          tags,
          summary:
            kind === 'FUNDING'
              ? 'Tell us about a bank transfer to the funding account (JSON, or multipart with a proof file: PDF, PNG or JPEG up to 5 MB)'
              : 'Record a postpaid repayment by bank transfer (JSON, or multipart with a proof file)',
          consumes: ['application/json', 'multipart/form-data'],
          body:
            kind === 'FUNDING'
              ? fundRequestWithProof
              : repaymentBody.extend({ proof: uploadedFile.optional() }),
          response: { 201: successEnvelope(fundRequestView) },
        },
      },
      async (req, reply) => {
        corporateOf(req);
        const view = await createFundRequest(ctx, requestContextOf(req), {
          kind,
          amountKobo: req.body.amount,
          transferReference: req.body.transferReference,
          proof: req.body.proof,
        });
        return reply
          .status(201)
          .send(ok(kind === 'FUNDING' ? 'Fund request submitted' : 'Repayment submitted', view));
      },
    );
  }

  r.get(
    '/pending-transaction',
    {
      config: { permission: 'wallet.read' },
      schema: {
        tags,
        summary: 'My open fund requests and repayments (PENDING or PAID), newest first',
        querystring: pendingFundRequestsQuery,
        response: { 200: paginated(fundRequestView) },
      },
    },
    async (req) => {
      const { rows, total } = await fundRequestsPage(ctx.db, {
        ...req.query,
        corporateId: corporateOf(req),
        status: 'OPEN',
      });
      return page('Pending transactions retrieved', rows, total, req.query.page, req.query.limit);
    },
  );

  r.post(
    '/fund-request-confirmation',
    {
      config: { permission: 'wallet.fund' },
      schema: {
        tags,
        summary: 'I have paid: marks my fund request PAID',
        body: fundRequestConfirmBody,
        response: { 200: successEnvelope(fundRequestView) },
      },
    },
    async (req) => {
      corporateOf(req);
      const view = await confirmFundRequestPaid(ctx, requestContextOf(req), req.body.fundRequestId);
      return ok('Payment confirmation received', view);
    },
  );

  // ---------------------------------------------------------------- both areas

  r.get(
    '/fund-requests/:id',
    {
      config: { permission: { ADMIN: 'funding.read', CORPORATE: 'wallet.read' } },
      schema: {
        tags: adminTags,
        summary: 'One fund request by id or FR- code (a client sees only its own)',
        params: fundRequestIdParams,
        response: { 200: successEnvelope(fundRequestView) },
      },
    },
    async (req) => {
      const a = authOf(req);
      const view = await getFundRequest(
        ctx.db,
        req.params.id,
        a.area === 'CORPORATE' ? corporateOf(req) : undefined,
      );
      return ok('Fund request retrieved', view);
    },
  );

  r.get(
    '/fund-requests/:id/proof',
    {
      config: { permission: { ADMIN: 'funding.read', CORPORATE: 'wallet.read' } },
      schema: {
        tags: adminTags,
        summary: 'The proof of payment attached to a fund request',
        params: fundRequestIdParams,
      },
    },
    async (req, reply) => {
      const a = authOf(req);
      const file = await fundRequestProof(
        ctx,
        req.params.id,
        a.area === 'CORPORATE' ? corporateOf(req) : undefined,
      );
      return sendStoredFile(reply, file);
    },
  );
}
