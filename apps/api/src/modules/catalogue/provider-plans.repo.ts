// Our data plans as each upstream provider knows them (issue 32): the route asks whether a plan
// can go to a provider, delivery asks the provider's code for it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { dataPlans, providerPlans } from '../../infra/db/schema';

export type ProviderPlanRow = typeof providerPlans.$inferSelect;

/** The provider's code for one of our plans; null when the plan is not mapped (or not active) there. */
export async function providerPlanCode(db: Db, dataPlanId: string, provider: string): Promise<string | null> {
  const [row] = await db
    .select({ code: providerPlans.providerCode })
    .from(providerPlans)
    .where(
      and(
        eq(providerPlans.dataPlanId, dataPlanId),
        eq(providerPlans.provider, provider),
        eq(providerPlans.active, true),
      ),
    );
  return row?.code ?? null;
}

export const providerPlansOf = (db: Db, provider: string): Promise<ProviderPlanRow[]> =>
  db.select().from(providerPlans).where(eq(providerPlans.provider, provider));

/** Maps (or re-maps) one of our plans at a provider. */
export async function putProviderPlan(
  db: Db,
  p: {
    dataPlanId: string;
    provider: string;
    providerCode: string;
    providerPriceKobo: number | null;
    active: boolean;
  },
): Promise<ProviderPlanRow> {
  const now = new Date();
  const [row] = await db
    .insert(providerPlans)
    .values({ ...p, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [providerPlans.dataPlanId, providerPlans.provider],
      set: {
        providerCode: p.providerCode,
        providerPriceKobo: p.providerPriceKobo,
        active: p.active,
        updatedAt: now,
      },
    })
    .returning();
  // A plan that now has a code somewhere may be sold again: a later gap is news again.
  if (p.active)
    await db.update(dataPlans).set({ providerGapAlertedAt: null }).where(eq(dataPlans.id, p.dataPlanId));
  return row;
}

/**
 * Claims the one alert that the plan is sold with no provider code on its route: true for the
 * caller that set the mark (concurrent vends of the plan race for it; one wins), false once set.
 */
export async function claimPlanGapAlert(db: Db, dataPlanId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(dataPlans)
    .set({ providerGapAlertedAt: at })
    .where(and(eq(dataPlans.id, dataPlanId), isNull(dataPlans.providerGapAlertedAt)))
    .returning({ id: dataPlans.id });
  return rows.length === 1;
}

/** The plans (active mappings) a provider's code is mapped to. */
export const activeMappingsOfCode = (db: Db, provider: string, providerCode: string) =>
  db
    .select()
    .from(providerPlans)
    .where(
      and(
        eq(providerPlans.provider, provider),
        eq(providerPlans.providerCode, providerCode),
        eq(providerPlans.active, true),
      ),
    );
