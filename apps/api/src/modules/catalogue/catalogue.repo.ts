// Queries for services, their assignment to clients, and data plans.
import { and, asc, eq, inArray, notInArray, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { dataPlans, serviceAssignments, services } from '../../infra/db/schema';

export type ServiceRow = typeof services.$inferSelect;
export type DataPlanRow = typeof dataPlans.$inferSelect;

export interface ServiceFilter {
  network?: string;
  serviceType?: string;
  platform?: string;
  status?: string;
}

/** Airtime and data: what the services screens and listings show (billers have their own). */
export const SERVICE_KINDS = ['AIRTIME', 'DATA'];

const serviceWhere = (f: ServiceFilter, extra?: SQL) =>
  and(
    f.network ? eq(services.network, f.network) : undefined,
    f.serviceType ? eq(services.serviceType, f.serviceType) : inArray(services.serviceType, SERVICE_KINDS),
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

/** SQL for a corporate's assigned, active services as a JSON array, oldest first (a vend goes
 * through the first that matches its network and type). `corporate`: an SQL expression of the
 * corporate's id. */
export const ASSIGNED_SERVICES_JSON = (corporate: string) =>
  `coalesce((select json_agg(s order by s.created_at, s.id)
               from service_assignments a
               join services s on s.id = a.service_id
              where a.corporate_id = ${corporate} and s.status = 'ACTIVE'), '[]')`;

/** SQL for the ids of a corporate's assigned, active services as a text array, oldest first.
 * `corporate`: an SQL expression of the corporate's id. */
export const ASSIGNED_SERVICE_IDS = (corporate: string) =>
  `array(select s.id::text
           from service_assignments a
           join services s on s.id = a.service_id
          where a.corporate_id = ${corporate} and s.status = 'ACTIVE'
          order by s.created_at, s.id)`;

/** SQL for the services rows whose ids are `ids` (an SQL expression of a uuid set) as a JSON array. */
export const SERVICES_JSON_WHERE_ID_IN = (ids: string) =>
  `(select coalesce(json_agg(s), '[]') from services s where s.id in (${ids}))`;

const SERVICE_FIELDS = { network: 'network', serviceType: 'service_type', platform: 'platform' } as const;

/** A column of the service whose id is `id` (an SQL expression of a service id), read inside the
 * caller's statement: a scalar subquery on the primary key. */
export function serviceFieldOf(field: keyof typeof SERVICE_FIELDS, id: SQLWrapper): SQL<string> {
  return sql<string>`(select s.${sql.raw(SERVICE_FIELDS[field])} from services s where s.id = ${id})`;
}

/** A services row as PostgreSQL's json_agg writes it. */
export interface ServiceJson {
  id: string;
  network: string;
  service_type: string;
  platform: string;
  fallback_platforms: string[];
  commission_bps: number;
  min_amount_kobo: number;
  max_amount_kobo: number;
  status: string;
  created_at: string;
  updated_at: string;
}

export function servicesFromJson(json: ServiceJson[] | string | null): ServiceRow[] {
  const rows: ServiceJson[] = typeof json === 'string' ? JSON.parse(json) : (json ?? []);
  return rows.map((s) => ({
    id: s.id,
    network: s.network,
    serviceType: s.service_type,
    platform: s.platform,
    fallbackPlatforms: s.fallback_platforms ?? [],
    commissionBps: Number(s.commission_bps),
    minAmountKobo: Number(s.min_amount_kobo),
    maxAmountKobo: Number(s.max_amount_kobo),
    status: s.status,
    createdAt: new Date(s.created_at),
    updatedAt: new Date(s.updated_at),
  }));
}

// ---------------------------------------------------------------- writes

export async function insertService(db: Db, values: typeof services.$inferInsert): Promise<ServiceRow> {
  const [row] = await db.insert(services).values(values).returning();
  return row;
}

/** Changes a service; null when there is none with this id. */
export async function updateServiceRow(db: Db, id: string, set: Partial<typeof services.$inferInsert>) {
  const [row] = await db.update(services).set(set).where(eq(services.id, id)).returning();
  return row ?? null;
}

export async function insertPlan(db: Db, values: typeof dataPlans.$inferInsert): Promise<DataPlanRow> {
  const [row] = await db.insert(dataPlans).values(values).returning();
  return row;
}

/** Changes a data plan; null when there is none with this id. */
export async function updatePlanRow(db: Db, id: string, set: Partial<typeof dataPlans.$inferInsert>) {
  const [row] = await db.update(dataPlans).set(set).where(eq(dataPlans.id, id)).returning();
  return row ?? null;
}

/**
 * A client's assignments of services of these kinds, less the services listed (PUT replaces the
 * whole list): the services screen replaces airtime and data, the billers screen the billers.
 */
export async function removeAssignmentsExcept(
  db: Db,
  corporateId: string,
  keep: string[],
  kinds: string[] = SERVICE_KINDS,
) {
  await db
    .delete(serviceAssignments)
    .where(
      and(
        eq(serviceAssignments.corporateId, corporateId),
        inArray(
          serviceAssignments.serviceId,
          db.select({ id: services.id }).from(services).where(inArray(services.serviceType, kinds)),
        ),
        keep.length ? notInArray(serviceAssignments.serviceId, keep) : undefined,
      ),
    );
}

export async function addAssignments(
  db: Db,
  corporateId: string,
  serviceIds: string[],
  actorId: string | null,
) {
  await db
    .insert(serviceAssignments)
    .values(serviceIds.map((serviceId) => ({ corporateId, serviceId, assignedById: actorId })))
    .onConflictDoNothing();
}

/** A client's assigned services of these kinds (airtime and data unless told). */
export async function assignedServiceIds(
  db: Db,
  corporateId: string,
  kinds: string[] = SERVICE_KINDS,
): Promise<string[]> {
  const rows = await db
    .select({ serviceId: serviceAssignments.serviceId })
    .from(serviceAssignments)
    .innerJoin(services, eq(services.id, serviceAssignments.serviceId))
    .where(and(eq(serviceAssignments.corporateId, corporateId), inArray(services.serviceType, kinds)));
  return rows.map((r) => r.serviceId);
}

/** Every active default service (the seeded platform of each product line). */
export async function defaultServiceIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.status, 'ACTIVE'), eq(services.platform, 'AGGREGATOR')));
  return rows.map((r) => r.id);
}

/** The seeded catalogue; rows that exist already are left as they are. */
export async function insertDefaults(
  db: Db,
  serviceRows: Array<typeof services.$inferInsert>,
  planRows: Array<typeof dataPlans.$inferInsert>,
) {
  if (serviceRows.length) await db.insert(services).values(serviceRows).onConflictDoNothing();
  if (planRows.length) await db.insert(dataPlans).values(planRows).onConflictDoNothing();
}

/** Services and data plans by id, named as the catalogue screens name them (the audit trail's references). */
export async function catalogueNamesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const [s, p] = await Promise.all([
    db
      .select({
        id: services.id,
        network: services.network,
        type: services.serviceType,
        platform: services.platform,
      })
      .from(services)
      .where(inArray(services.id, ids)),
    db.select({ id: dataPlans.id, name: dataPlans.name }).from(dataPlans).where(inArray(dataPlans.id, ids)),
  ]);
  return new Map([
    ...s.map((x) => [x.id, `${x.network} ${x.type.toLowerCase()} (${x.platform.toLowerCase()})`] as const),
    ...p.map((x) => [x.id, x.name] as const),
  ]);
}
