// The synchronous phase of a vend: the providers in route order, outside any transaction or
// lock. A definite failure tries the next platform, and when none is left the vend fails; an
// unknown outcome leaves it PENDING for the requery job.
import type { Network, ServiceType } from '@vendport/shared';
import type { AppContext } from '../../infra/context';
import { callProvider, type ProviderAnswer, providerNamed, type VendRequest } from '../providers';
import { lineContact } from '../vtu';
import { chooseRoute } from './route';
import { finalizeFailure, finalizeSuccess, markSettled, recordUnknown } from './settle.service';
import { recordVendEvents, type VendEventInput } from './vend-events.repo';
import { updateVend, type VendRow } from './vending.repo';

export async function requestOf(ctx: AppContext, v: VendRow): Promise<VendRequest> {
  return {
    reference: v.code,
    msisdn: v.msisdn,
    network: v.network as Network,
    serviceType: v.serviceType as ServiceType,
    amountKobo: v.amountKobo,
    planCode: v.planCode,
    line: v.provider === 'VTU' && v.vtuLineId ? await lineContact(ctx.db, v.vtuLineId) : null,
  };
}

export const callEvent = (
  v: VendRow,
  kind: 'PROVIDER_CALL' | 'REQUERY',
  a: ProviderAnswer & { durationMs: number },
  at: Date,
): VendEventInput => ({
  vendId: v.id,
  type: kind,
  provider: v.provider,
  outcome: a.outcome,
  message: a.message,
  data: { durationMs: a.durationMs, providerReference: a.providerReference ?? null, route: v.routeIndex },
  at,
});

/**
 * The synchronous phase: the providers in route order, outside any transaction. Ends with the
 * vend final, or PENDING with a requery scheduled; either way `settled_at` is set.
 */
export async function deliver(ctx: AppContext, start: VendRow): Promise<VendRow> {
  let v = start;
  for (;;) {
    const provider = providerNamed(ctx, v.provider!);
    const req = await requestOf(ctx, v);
    const answer = await callProvider(() => provider.vend(req), ctx.config.PROVIDER_TIMEOUT_MS);
    const at = new Date();
    const event = callEvent(v, 'PROVIDER_CALL', answer, at);
    if (answer.outcome === 'SUCCESS')
      return (
        (await finalizeSuccess(ctx, v.id, answer, { at, events: [event], endsSync: true, known: v })) ?? v
      );
    if (answer.outcome === 'FAILED') {
      const next = await chooseRoute(
        ctx,
        {
          routes: v.routes,
          network: v.network,
          corporateId: v.corporateId,
          fromApi: v.channel === 'API',
          amountKobo: v.amountKobo,
          exclude: v.vtuLineId ? [v.vtuLineId] : [],
        },
        v.routeIndex + 1,
      );
      if (!next)
        return (
          (await finalizeFailure(ctx, v.id, answer.message, { at, events: [event], endsSync: true })) ?? v
        );
      const moved = await ctx.db.transaction(async (tx) => {
        const row = await updateVend(
          tx,
          v.id,
          {
            routeIndex: next.index,
            provider: next.route,
            vtuLineId: next.line?.id ?? v.vtuLineId,
            providerReference: null,
            updatedAt: at,
          },
          { status: 'PENDING' },
        );
        if (row) {
          await recordVendEvents(tx, [
            event,
            {
              vendId: v.id,
              type: 'REROUTED',
              provider: next.route,
              message: `${v.provider} failed definitively; trying ${next.route}`,
              at,
            },
          ]);
        }
        return row ?? null;
      });
      if (!moved) return markSettled(ctx, v.id, at);
      v = moved;
      continue;
    }
    return (await recordUnknown(ctx, v, answer, { at, events: [event], endsSync: true })) ?? v;
  }
}
