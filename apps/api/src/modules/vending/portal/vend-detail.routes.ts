// One vend (spec §7 Transactions: vend/{id}, PUT transactions/query): its timeline, and asking
// the provider by hand for the status of a pending one.
import { portalVendView, successEnvelope, vendDetailView, vendQueryBody } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { notFound } from '../../../infra/errors';
import { ok } from '../../../infra/http';
import { authOf, dataScopeOf, requestContextOf } from '../../../infra/request-context';
import { MANUAL_REQUERY_COOLDOWN_S, requeryByHand } from '../lifecycle/requery.service';
import { clientEventMessage } from '../records/client-events';
import {
  ADMIN_ONLY_EVENTS,
  attemptsOfVend,
  findVendRef,
  vendMessage,
  vendOut,
  vendTimeline,
} from '../records/vend-reads.service';
import { refParams } from '../records/vend-views';

export async function vendDetailRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Vending'];

  r.get(
    '/vend/:id',
    {
      config: { permission: { ADMIN: 'vending.read', CORPORATE: 'transactions.read' } },
      schema: {
        tags,
        summary: 'One vend with its timeline (clients: their own only)',
        params: refParams,
        response: { 200: successEnvelope(vendDetailView) },
      },
    },
    async (req) => {
      const me = authOf(req);
      const admin = me.area === 'ADMIN';
      const found = await findVendRef(ctx.db, req.params.id, dataScopeOf(req));
      if (!found) throw notFound('Vend');
      const [events, attempts] = await Promise.all([
        vendTimeline(ctx.db, found.v.id),
        attemptsOfVend(ctx.db, found.v.id),
      ]);
      return ok('Vend retrieved', {
        ...vendOut(found.v),
        corporateId: found.v.corporateId,
        corporateName: found.corporateName,
        // A check of a final vend is for support; the client sees a late truth only once resolved.
        // Clients read the timeline in fixed words (client-events.ts); the upstreams, their answers
        // and the attempts made of them are the reseller's business (issue 53 point 4).
        events: (admin
          ? events
          : events.filter((e) => !ADMIN_ONLY_EVENTS.includes(e.type as 'PROVIDER_CHECK'))
        ).map((e) => ({
          type: e.type,
          status: e.status,
          provider: admin ? e.provider : null,
          outcome: admin ? e.outcome : null,
          message: admin ? e.message : clientEventMessage(e),
          createdAt: e.createdAt.toISOString(),
        })),
        attempts: (admin ? attempts : []).map((a) => ({
          position: a.position,
          provider: a.provider,
          status: a.status as 'SENT',
          createdAt: a.createdAt.toISOString(),
          answeredAt: a.answeredAt?.toISOString() ?? null,
          platform: admin ? a.platform : null,
          requestId: admin ? a.requestId : null,
          providerReference: admin ? a.providerReference : null,
          failureKind: admin ? a.failureKind : null,
          message: admin ? a.message : null,
          durationMs: admin ? a.durationMs : null,
          requeryCount: admin ? a.requeryCount : null,
          raw: admin ? (a.raw ?? null) : null,
        })),
        admin:
          me.area === 'ADMIN'
            ? {
                clientType: found.v.clientType,
                provider: found.v.provider,
                route: found.v.routes[found.v.routeIndex] ?? null,
                providerReference: found.v.providerReference,
                vtuLineId: found.v.vtuLineId,
                reversalReason: found.v.reversalReason,
                providerReason: found.v.failureReason,
              }
            : null,
      });
    },
  );

  r.put(
    '/transactions/query',
    {
      config: { permission: { ADMIN: 'vending.manage', CORPORATE: 'vend' } },
      schema: {
        tags,
        summary: `Ask the provider for the status of a vend now (at most once in ${MANUAL_REQUERY_COOLDOWN_S} s); about a final vend its contradicting answer raises a discrepancy for review`,
        body: vendQueryBody,
        response: { 200: successEnvelope(portalVendView) },
      },
    },
    async (req) => {
      const rc = requestContextOf(req);
      const found = await findVendRef(ctx.db, req.body.vendId, dataScopeOf(req));
      if (!found) throw notFound('Vend');
      const { vend: v, inProgress, contradicts } = await requeryByHand(ctx, rc, found.v.id);
      if (v.status !== 'PENDING')
        return ok(
          contradicts
            ? `The provider's answer differs from this vend's status (${v.status}); it has been passed to review`
            : `The provider agrees: the vend is final (${v.status})`,
          vendOut(v),
        );
      if (inProgress)
        return ok('The purchase is still with the provider; check again in a few seconds', vendOut(v));
      return ok(vendMessage(v, 'PORTAL'), vendOut(v));
    },
  );
}
