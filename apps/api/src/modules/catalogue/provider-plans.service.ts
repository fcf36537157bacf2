// Our data plans at each upstream provider (issue 32): the admin's view of every plan with its
// code and price there, editing one mapping, and the sync that reads VTpass's plan lists and
// proposes what changed (new codes, new prices, codes withdrawn) without changing anything until
// an admin accepts items of it.
import {
  NETWORKS,
  type Network,
  type PlanProvider,
  type ProviderPlanSyncView,
  type ProviderPlanView,
  parseNairaToKobo,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest, conflict, notFound } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import { type VtpassClient, vtpassClientOf, vtpassServiceId } from '../providers';
import { type DataPlanRow, findPlan, listPlans } from './catalogue.repo';
import {
  activeMappingsOfCode,
  type ProviderPlanRow,
  providerPlansOf,
  putProviderPlan,
} from './provider-plans.repo';

export interface ProviderPlanInput {
  dataPlanId: string;
  providerCode: string;
  /** Kobo; null keeps the price recorded for the mapping. */
  providerPrice: number | null;
  active: boolean;
}

const view = (p: DataPlanRow, provider: PlanProvider, m: ProviderPlanRow | undefined): ProviderPlanView => ({
  dataPlanId: p.id,
  network: p.network as Network,
  code: p.code,
  name: p.name,
  priceKobo: p.priceKobo,
  status: p.status as 'ACTIVE' | 'INACTIVE',
  provider,
  mapping: m
    ? {
        providerCode: m.providerCode,
        providerPriceKobo: m.providerPriceKobo,
        active: m.active,
        updatedAt: m.updatedAt.toISOString(),
      }
    : null,
});

/** Every data plan of ours with its mapping at `provider` (null where it has none). */
export async function listProviderPlans(db: Db, provider: PlanProvider): Promise<ProviderPlanView[]> {
  const [plans, mappings] = await Promise.all([listPlans(db, {}), providerPlansOf(db, provider)]);
  const byPlan = new Map(mappings.map((m) => [m.dataPlanId, m]));
  return plans.map((p) => view(p, provider, byPlan.get(p.id)));
}

/** One mapping, checked: the plan exists and no other plan is mapped (active) to the same code. */
async function applyOne(db: Db, provider: PlanProvider, input: ProviderPlanInput) {
  const plan = await findPlan(db, input.dataPlanId);
  if (!plan) throw notFound('Data plan');
  if (input.active) {
    const others = (await activeMappingsOfCode(db, provider, input.providerCode)).filter(
      (m) => m.dataPlanId !== input.dataPlanId,
    );
    if (others.length) {
      const other = await findPlan(db, others[0].dataPlanId);
      throw conflict(
        `${provider} code ${input.providerCode} is already mapped to ${other?.code ?? 'another plan'}`,
      );
    }
  }
  const kept =
    input.providerPrice === null
      ? ((await providerPlansOf(db, provider)).find((m) => m.dataPlanId === input.dataPlanId)
          ?.providerPriceKobo ?? null)
      : input.providerPrice;
  const row = await putProviderPlan(db, {
    dataPlanId: input.dataPlanId,
    provider,
    providerCode: input.providerCode,
    providerPriceKobo: kept,
    active: input.active,
  });
  return { plan, row };
}

/** An admin maps (or re-maps, or deactivates) one of our plans at a provider; audited. */
export async function saveProviderPlan(
  db: Db,
  rc: RequestContext,
  provider: PlanProvider,
  input: ProviderPlanInput,
): Promise<ProviderPlanView> {
  return db.transaction(async (tx) => {
    const before = (await providerPlansOf(tx, provider)).find((m) => m.dataPlanId === input.dataPlanId);
    const { plan, row } = await applyOne(tx, provider, input);
    await recordAudit(tx, rc, {
      action: 'provider-plan.update',
      targetType: 'data_plan',
      targetId: plan.id,
      summary: {
        provider,
        plan: plan.code,
        before: before
          ? { providerCode: before.providerCode, priceKobo: before.providerPriceKobo, active: before.active }
          : null,
        after: { providerCode: row.providerCode, priceKobo: row.providerPriceKobo, active: row.active },
      },
    });
    return view(plan, provider, row);
  });
}

interface TheirPlan {
  providerCode: string;
  name: string;
  network: Network;
  providerPriceKobo: number;
}

/** VTpass's data plans for the four networks; a 4xx when VTpass is not configured, a 502 when it fails. */
async function vtpassPlans(client: VtpassClient | null): Promise<Map<string, TheirPlan>> {
  if (!client) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      409,
      'VTpass is not configured: set VTPASS_API_KEY, VTPASS_SECRET_KEY and VTPASS_PUBLIC_KEY',
    );
  }
  const lists = await Promise.all(
    NETWORKS.map(async (network) => {
      const serviceID = vtpassServiceId(network, 'DATA');
      const res = await client.serviceVariations(serviceID);
      if (!res.ok) {
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          502,
          `VTpass's plan list for ${serviceID} could not be read: ${res.error.detail}`,
        );
      }
      return res.data.variations.map((v) => ({ network, v }));
    }),
  );
  const out = new Map<string, TheirPlan>();
  for (const { network, v } of lists.flat()) {
    const kobo = parseNairaToKobo(v.variation_amount);
    if (kobo === null) continue;
    out.set(v.variation_code, {
      providerCode: v.variation_code,
      name: v.name,
      network,
      providerPriceKobo: kobo,
    });
  }
  return out;
}

/** What VTpass lists now against our mappings there. Reads only. */
export async function proposeSync(ctx: AppContext, provider: 'VTPASS'): Promise<ProviderPlanSyncView> {
  const theirs = await vtpassPlans(vtpassClientOf(ctx));
  const [plans, mappings] = await Promise.all([listPlans(ctx.db, {}), providerPlansOf(ctx.db, provider)]);
  const planById = new Map(plans.map((p) => [p.id, p]));
  const active = mappings.filter((m) => m.active && planById.has(m.dataPlanId));
  const mappedCodes = new Set(active.map((m) => m.providerCode));
  const ours = (m: ProviderPlanRow) => {
    const p = planById.get(m.dataPlanId)!;
    return {
      dataPlanId: p.id,
      code: p.code,
      name: p.name,
      network: p.network as Network,
      providerCode: m.providerCode,
    };
  };
  return {
    provider,
    new: [...theirs.values()].filter((t) => !mappedCodes.has(t.providerCode)),
    changed: active.flatMap((m) => {
      const t = theirs.get(m.providerCode);
      return t && t.providerPriceKobo !== m.providerPriceKobo
        ? [{ ...ours(m), oursKobo: m.providerPriceKobo, theirsKobo: t.providerPriceKobo }]
        : [];
    }),
    removed: active
      .filter((m) => !theirs.has(m.providerCode))
      .map((m) => ({ ...ours(m), oursKobo: m.providerPriceKobo })),
  };
}

/** Applies the items of a sync an admin accepted, in one transaction, audited. */
export async function acceptSync(
  db: Db,
  rc: RequestContext,
  provider: PlanProvider,
  changes: ProviderPlanInput[],
): Promise<ProviderPlanView[]> {
  const plans = new Set(changes.map((c) => c.dataPlanId));
  if (plans.size !== changes.length)
    throw badRequest('Each data plan may appear once in the accepted changes');
  return db.transaction(async (tx) => {
    const out: ProviderPlanView[] = [];
    for (const c of changes) {
      const { plan, row } = await applyOne(tx, provider, c);
      out.push(view(plan, provider, row));
    }
    await recordAudit(tx, rc, {
      action: 'provider-plan.sync',
      targetType: 'provider',
      targetId: provider,
      summary: {
        provider,
        changes: out.map((v) => ({
          plan: v.code,
          providerCode: v.mapping?.providerCode,
          priceKobo: v.mapping?.providerPriceKobo,
          active: v.mapping?.active,
        })),
      },
    });
    return out;
  });
}
