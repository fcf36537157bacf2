// Queries for services, their assignment to clients, and data plans.
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { corporates, dataPlans, serviceAssignments, services } from '../../db/schema';

export type ServiceRow = typeof services.$inferSelect;
export type DataPlanRow = typeof dataPlans.$inferSelect;

export interface ServiceFilter {
  network?: string;
  serviceType?: string;
  platform?: string;
  status?: string;
}

const serviceWhere = (f: ServiceFilter, extra?: SQL) =>
  and(
    f.network ? eq(services.network, f.network) : undefined,
    f.serviceType ? eq(services.serviceType, f.serviceType) : undefined,
    f.platform ? eq(services.platform, f.platform) : undefined,
    f.status ? eq(services.status, f.status) : undefined,
    extra,
  );

/** Services, each with whether `corporateId` is assigned it (null when no corporate is given). */
export async function listServices(
  db: Db,
  f: ServiceFilter,
  corporateId: string | null,
  onlyAssigned = false,
) {
  const assigned = corporateId
    ? sql<boolean>`exists (select 1 from service_assignments sa where sa.service_id = "services"."id" and sa.corporate_id = ${corporateId})`
    : sql<null>`null`;
  return db
    .select({ service: services, assigned })
    .from(services)
    .where(serviceWhere(f, onlyAssigned && corporateId ? assigned : undefined))
    .orderBy(asc(services.network), asc(services.serviceType), asc(services.platform));
}

export async function findService(db: Db, id: string): Promise<ServiceRow | null> {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return row ?? null;
}

export async function findServiceByProduct(db: Db, network: string, serviceType: string, platform: string) {
  const [row] = await db
    .select()
    .from(services)
    .where(
      and(
        eq(services.network, network),
        eq(services.serviceType, serviceType),
        eq(services.platform, platform),
      ),
    );
  return row ?? null;
}

/** The active services of a product line assigned to a client, oldest first. */
export async function assignedActiveServices(
  db: Db,
  corporateId: string,
  network: string,
  serviceType: string,
) {
  return db
    .select({ service: services })
    .from(serviceAssignments)
    .innerJoin(services, eq(services.id, serviceAssignments.serviceId))
    .where(
      and(
        eq(serviceAssignments.corporateId, corporateId),
        eq(services.network, network),
        eq(services.serviceType, serviceType),
        eq(services.status, 'ACTIVE'),
      ),
    )
    .orderBy(asc(services.createdAt), asc(services.id))
    .then((rows) => rows.map((r) => r.service));
}

export async function corporateExists(db: Db, id: string) {
  const [row] = await db.select({ id: corporates.id }).from(corporates).where(eq(corporates.id, id));
  return !!row;
}

export async function servicesByIds(db: Db, ids: string[]) {
  if (!ids.length) return [];
  return db.select().from(services).where(inArray(services.id, ids));
}

export async function listPlans(db: Db, f: { network?: string; status?: string }) {
  return db
    .select()
    .from(dataPlans)
    .where(
      and(
        f.network ? eq(dataPlans.network, f.network) : undefined,
        f.status ? eq(dataPlans.status, f.status) : undefined,
      ),
    )
    .orderBy(asc(dataPlans.network), asc(dataPlans.priceKobo), asc(dataPlans.code));
}

export async function findPlan(db: Db, id: string) {
  const [row] = await db.select().from(dataPlans).where(eq(dataPlans.id, id));
  return row ?? null;
}

export async function findPlanByCode(db: Db, code: string) {
  const [row] = await db.select().from(dataPlans).where(sql`lower(${dataPlans.code}) = lower(${code})`);
  return row ?? null;
}
