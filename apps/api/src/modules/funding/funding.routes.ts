// Funding calls (spec §7 Wallet, Transactions, Clients, VTU): the collection account, fund
// requests and repayments, their admin decisions, admin funding, and the funding history of
// both areas (JSON pages or the whole filtered set as CSV). Card funding: card.routes.ts.
import {
  adminFundBody,
  adminFundingHistoryQuery,
  adminFundingView,
  fundingAccountView,
  fundingHistoryQuery,
  fundingTransactionView,
  fundRequestApproveBody,
  fundRequestBody,
  fundRequestConfirmBody,
  fundRequestDeclineBody,
  fundRequestsQuery,
  fundRequestView,
  lagosDateOf,
  paginated,
  pendingFundRequestsQuery,
  repaymentBody,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { sendCsv } from '../../lib/csv';
import { ok, page, sendStoredFile } from '../../lib/http';
import { requestContextOf } from '../../lib/request-context';
import { authOf, corporateOf } from '../../plugins/access';
import { recorder } from '../../plugins/audit';
import { confirmActingPassword } from '../auth';
import { cardRoutes } from './card.routes';
import {
  type AdminFundingKind,
  adminFund,
  approveFundRequest,
  confirmFundRequestPaid,
  createFundRequest,
  declineFundRequest,
  fundingAccount,
  fundRequestProof,
  fundRequestsPage,
  getFundRequest,
} from './funding.service';
import { fundingHistoryCsv, fundingHistoryPage } from './history.service';
import { readMultipartBody, uploadedFile } from './uploads';

const fundRequestIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** `name-YYYY-MM-DD.csv`, the day in Lagos. */
const datedCsvName = (name: string) => `${name}-${lagosDateOf(new Date())}.csv`;

export async function fundingRoutes(app: FastifyInstance, ctx: AppContext) {
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
        const view = await createFundRequest(
          ctx,
          authOf(req),
          {
            kind,
            amountKobo: req.body.amount,
            transferReference: req.body.transferReference,
            proof: req.body.proof,
          },
          recorder(req),
        );
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
        statuses: ['PENDING', 'PAID'],
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
      const view = await confirmFundRequestPaid(ctx, authOf(req), req.body.fundRequestId, recorder(req));
      return ok('Payment confirmation received', view);
    },
  );

  r.get(
    '/transactions/funding',
    {
      config: { permission: 'wallet.read' },
      schema: {
        tags,
        summary: 'My funding history, newest first (format=csv: the whole filtered set as CSV)',
        querystring: fundingHistoryQuery,
        response: { 200: paginated(fundingTransactionView) },
      },
    },
    async (req, reply) => {
      const { page: p, limit, format, ...filters } = req.query;
      const scoped = { ...filters, corporateId: corporateOf(req) };
      if (format === 'csv')
        return sendCsv(
          reply,
          datedCsvName('funding-history'),
          await fundingHistoryCsv(ctx.db, scoped, { withCorporate: false }),
        );
      const { rows, total } = await fundingHistoryPage(ctx.db, scoped, p, limit);
      return page('Funding transactions retrieved', rows, total, p, limit);
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

  // ---------------------------------------------------------------- admin

  r.get(
    '/corporates-transactions/funding-requests',
    {
      config: { permission: 'funding.read' },
      schema: {
        tags: adminTags,
        summary: 'Fund requests and repayments of every client, newest first',
        querystring: fundRequestsQuery,
        response: { 200: paginated(fundRequestView) },
      },
    },
    async (req) => {
      const { rows, total } = await fundRequestsPage(ctx.db, req.query);
      return page('Funding requests retrieved', rows, total, req.query.page, req.query.limit);
    },
  );

  r.get(
    '/paid-fund-requests',
    {
      config: { permission: 'funding.read' },
      schema: {
        tags: adminTags,
        summary: 'Fund requests the client says it has paid, awaiting a decision',
        querystring: fundRequestsQuery.omit({ status: true }),
        response: { 200: paginated(fundRequestView) },
      },
    },
    async (req) => {
      const { rows, total } = await fundRequestsPage(ctx.db, { ...req.query, status: 'PAID' });
      return page('Paid fund requests retrieved', rows, total, req.query.page, req.query.limit);
    },
  );

  r.post(
    '/corporates-transactions/approve',
    {
      config: { permission: 'funding.approve' },
      schema: {
        tags: adminTags,
        summary: 'Approve a fund request or repayment: credits the wallet once (password-confirmed)',
        body: fundRequestApproveBody,
        response: { 200: successEnvelope(fundRequestView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const view = await approveFundRequest(ctx, authOf(req), req.body.fundRequestId, recorder(req));
      return ok('Fund request approved. The wallet has been credited.', view);
    },
  );

  r.post(
    '/corporates-transactions/decline',
    {
      config: { permission: 'funding.approve' },
      schema: {
        tags: adminTags,
        summary: 'Decline a fund request or repayment with a reason (password-confirmed)',
        body: fundRequestDeclineBody,
        response: { 200: successEnvelope(fundRequestView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const view = await declineFundRequest(
        ctx,
        authOf(req),
        req.body.fundRequestId,
        req.body.reason,
        recorder(req),
      );
      return ok('Fund request declined. The client has been informed.', view);
    },
  );

  r.get(
    '/corporates-transactions/funding',
    {
      config: { permission: 'funding.read' },
      schema: {
        tags: adminTags,
        summary: "Every client's funding history, newest first (format=csv: the whole filtered set as CSV)",
        querystring: adminFundingHistoryQuery,
        response: { 200: paginated(fundingTransactionView) },
      },
    },
    async (req, reply) => {
      const { page: p, limit, format, ...filters } = req.query;
      if (format === 'csv')
        return sendCsv(
          reply,
          datedCsvName('corporate-funding'),
          await fundingHistoryCsv(ctx.db, filters, { withCorporate: true }),
        );
      const { rows, total } = await fundingHistoryPage(ctx.db, filters, p, limit);
      return page('Funding transactions retrieved', rows, total, p, limit);
    },
  );

  const adminFundRoutes: Array<[string, AdminFundingKind, string]> = [
    ['/fund', 'FUND', 'Credit a PREPAID client’s wallet'],
    ['/fund-postpaid', 'FUND_POSTPAID', 'Credit a POSTPAID client’s wallet'],
    ['/fund-postpaidplus', 'FUND_POSTPAID_PLUS', 'Credit a POSTPAID_PLUS client’s wallet'],
  ];
  for (const [url, kind, summary] of adminFundRoutes) {
    r.post(
      url,
      {
        config: { permission: 'funding.manage' },
        schema: {
          tags: adminTags,
          summary: `${summary} with a reason (password-confirmed; an optional reference makes retries safe)`,
          body: adminFundBody,
          response: { 200: successEnvelope(adminFundingView) },
        },
      },
      async (req) => {
        const { amount, password, ...rest } = req.body;
        await confirmActingPassword(ctx, requestContextOf(req), password);
        const res = await adminFund(ctx, authOf(req), kind, { ...rest, amountKobo: amount }, recorder(req));
        return ok(
          res.created ? 'The wallet has been funded' : 'This funding was already applied',
          res.funding,
        );
      },
    );
  }

  await cardRoutes(app, ctx);
}
