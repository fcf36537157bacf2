// Billers (issue 51: services of kind ELECTRICITY or TV, network = the biller's code) and the TV
// bouquets (bill_bouquets).
import { BILL_KINDS } from '@vendport/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { billBouquets, services } from '../../infra/db/schema';
import type { ServiceRow } from './catalogue.repo';

export type BouquetRow = typeof billBouquets.$inferSelect;

/** The service kinds that are billers (shared BILL_KINDS), for SQL. */
export const BILL_SERVICE_KINDS: string[] = [...BILL_KINDS];

/** Billers, each with whether `corporateId` is assigned it (null when no corporate is given). */
export async function listBillers(
  db: Db,
  f: { kind?: string; status?: string },
  corporateId: string | null,
): Promise<{ service: ServiceRow; assigned: boolean | null }[]> {
  const assigned = corporateId
    ? sql<boolean>`exists (select 1 from service_assignments sa where sa.service_id = "services"."id" and sa.corporate_id = ${corporateId})`
    : sql<null>`null`;
  return db
    .select({ service: services, assigned })
    .from(services)
    .where(
      and(
        f.kind ? eq(services.serviceType, f.kind) : inArray(services.serviceType, BILL_SERVICE_KINDS),
        f.status ? eq(services.status, f.status) : undefined,
      ),
    )
    .orderBy(asc(services.serviceType), asc(services.network));
}

export async function findBiller(db: Db, id: string): Promise<ServiceRow | null> {
  const [row] = await db
    .select()
    .from(services)
    .where(and(eq(services.id, id), inArray(services.serviceType, BILL_SERVICE_KINDS)));
  return row ?? null;
}

export async function billersByIds(db: Db, ids: string[]): Promise<ServiceRow[]> {
  if (!ids.length) return [];
  return db
    .select()
    .from(services)
    .where(and(inArray(services.id, ids), inArray(services.serviceType, BILL_SERVICE_KINDS)));
}

// ------------------------------------------------------------------ bouquets

export async function listBouquets(db: Db, billerCode: string, status?: string): Promise<BouquetRow[]> {
  return db
    .select()
    .from(billBouquets)
    .where(and(eq(billBouquets.billerCode, billerCode), status ? eq(billBouquets.status, status) : undefined))
    .orderBy(asc(billBouquets.priceKobo), asc(billBouquets.code));
}

export async function bouquetByCode(db: Db, billerCode: string, code: string): Promise<BouquetRow | null> {
  const [row] = await db
    .select()
    .from(billBouquets)
    .where(and(eq(billBouquets.billerCode, billerCode), sql`lower(${billBouquets.code}) = lower(${code})`));
  return row ?? null;
}

export async function insertBouquets(db: Db, rows: Array<typeof billBouquets.$inferInsert>) {
  if (!rows.length) return;
  await db.insert(billBouquets).values(rows).onConflictDoNothing();
}

export async function updateBouquet(db: Db, id: string, set: Partial<typeof billBouquets.$inferInsert>) {
  const [row] = await db.update(billBouquets).set(set).where(eq(billBouquets.id, id)).returning();
  return row ?? null;
}
