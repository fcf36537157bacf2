// The admin's review of bank fund requests and repayments (spec §7 Transactions): every
// client's requests, those awaiting a decision, approving (credits the wallet once) and declining.
import {
  fundRequestApproveBody,
  fundRequestDeclineBody,
  fundRequestsQuery,
  fundRequestView,
  paginated,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { ok, page } from '../../../infra/http';
import { requestContextOf } from '../../../infra/request-context';
import { confirmActingPassword } from '../../auth';
import { approveFundRequest, declineFundRequest, fundRequestsPage } from './fund-requests.service';

export async function fundRequestReviewRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const adminTags = ['Funding (admin)'];

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
      const view = await approveFundRequest(ctx, requestContextOf(req), req.body.fundRequestId);
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
        requestContextOf(req),
        req.body.fundRequestId,
        req.body.reason,
      );
      return ok('Fund request declined. The client has been informed.', view);
    },
  );
}
