// A data plan that no step of its route can deliver because no provider there has a code for it
// (provider_plans) is a gap in the catalogue's configuration, not an outage (issue 53 point 9):
// no retry fixes it. The vend is refused as the plan being unavailable (a 4xx, which the portal
// does not retry, instead of 503 "try again shortly"), and the admins who manage the catalogue
// are told once, until a provider code is saved for the plan (catalogue's claimPlanGapAlert).
import { providerLabel } from '@vendport/shared';
import type { AppContext } from '../../../infra/context';
import { AppError } from '../../../infra/errors';
import { claimPlanGapAlert, type DataPlanRow, providerPlanCode } from '../../catalogue';
import { notifyAdmins } from '../../notifications';
import { parseStep } from '../../providers';

/**
 * The real providers of the route, when none of them has a code for the plan; null otherwise.
 * Called once no step could take the vend: the steps through the simulator (a VTU line's own SIM)
 * could not either (no line with float), so the providers' missing codes are what stop the plan.
 */
async function unmappedEverywhere(
  ctx: AppContext,
  routes: string[],
  planId: string,
): Promise<string[] | null> {
  const providers = [...new Set(routes.map((r) => parseStep(r).provider))].filter((p) => p !== 'SIMULATOR');
  if (!providers.length) return null;
  for (const p of providers) if (await providerPlanCode(ctx.db, planId, p)) return null;
  return providers;
}

/** Throws PLAN_UNAVAILABLE (and alerts once) when the plan's route has no provider code for it. */
export async function refuseUnmappedPlan(
  ctx: AppContext,
  q: { plan: DataPlanRow | null; routes: string[]; network: string },
): Promise<void> {
  if (!q.plan) return;
  const providers = await unmappedEverywhere(ctx, q.routes, q.plan.id);
  if (!providers) return;
  const plan = q.plan;
  const names = providers.map(providerLabel).join(', ');
  await ctx.db.transaction(async (tx) => {
    if (!(await claimPlanGapAlert(tx, plan.id, new Date()))) return;
    await notifyAdmins(
      tx,
      'services.manage',
      `Data plan ${plan.code} has no provider code`,
      `A client tried to buy ${plan.name} (${plan.code}, ${q.network}), but no provider that delivers it (${names}) has a code for this plan, so it cannot be sold. Add its code on the Data plans screen, or deactivate the plan.`,
      'plan.unavailable',
    );
  });
  throw new AppError('PLAN_UNAVAILABLE', 422, `The ${plan.name} plan is not available. Choose another plan.`);
}
