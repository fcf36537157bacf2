// Queries for vends: by reference (idempotency), by id or readable code within a scope, the
// filtered history lists, and the row locks the status changes take.
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { corporates, vends } from '../../db/schema';

export type VendRow = typeof vends.$inferSelect;

export async function findVendByReference(
  db: Db,
  corporateId: string,
  mode: string,
  reference: string,
): Promise<VendRow | null> {
  const [row] = await db
    .select()
    .from(vends)
    .where(and(eq(vends.corporateId, corporateId), eq(vends.mode, mode), eq(vends.reference, reference)));
  return row ?? null;
}

export async function findVendById(db: Db, id: string): Promise<VendRow | null> {
  const [row] = await db.select().from(vends).where(eq(vends.id, id));
  return row ?? null;
}

const isUuid = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** A vend by its id or its VND- code; with `corporateId`, only that client's (else null). */
export async function findVendRef(db: Db, ref: string, corporateId: string | null) {
  const byRef = isUuid(ref) ? eq(vends.id, ref) : eq(vends.code, ref.trim().toUpperCase());
  const [row] = await db
    .select({ v: vends, corporateName: corporates.name })
    .from(vends)
    .innerJoin(corporates, eq(corporates.id, vends.corporateId))
    .where(and(byRef, corporateId ? eq(vends.corporateId, corporateId) : undefined));
  return row ?? null;
}

/** Locks a vend for a status change, if it is still in `status`. */
export async function lockVendIn(db: Db, id: string, status: string): Promise<VendRow | null> {
  const [row] = await db
    .select()
    .from(vends)
    .where(and(eq(vends.id, id), eq(vends.status, status)))
    .for('update');
  return row ?? null;
}

export interface VendFilter {
  corporateId?: string;
  mode: string;
  search?: string;
  from?: Date;
  to?: Date;
  status?: string;
  network?: string;
  serviceType?: string;
  serviceId?: string;
  platform?: string;
  channel?: string;
  clientType?: string;
  page: number;
  limit: number;
}

function vendWhere(f: VendFilter): SQL | undefined {
  const s = f.search?.trim();
  const digits = s?.replace(/\D/g, '');
  return and(
    eq(vends.mode, f.mode),
    f.corporateId ? eq(vends.corporateId, f.corporateId) : undefined,
    f.status ? eq(vends.status, f.status) : undefined,
    f.network ? eq(vends.network, f.network) : undefined,
    f.serviceType ? eq(vends.serviceType, f.serviceType) : undefined,
    f.serviceId ? eq(vends.serviceId, f.serviceId) : undefined,
    f.platform ? eq(vends.platform, f.platform) : undefined,
    f.channel ? eq(vends.channel, f.channel) : undefined,
    f.clientType ? eq(vends.clientType, f.clientType) : undefined,
    f.from ? gte(vends.createdAt, f.from) : undefined,
    f.to ? lt(vends.createdAt, f.to) : undefined,
    s
      ? or(
          ilike(vends.reference, `%${s}%`),
          ilike(vends.code, `%${s}%`),
          // A phone typed as 0803..., 234803... or +234803...: match on its last ten digits.
          digits && digits.length >= 4
            ? ilike(vends.msisdn, `%${digits.length > 10 ? digits.slice(-10) : digits.replace(/^0/, '')}%`)
            : undefined,
        )
      : undefined,
  );
}

export async function listVends(db: Db, f: VendFilter) {
  const where = vendWhere(f);
  const [{ total }] = await db.select({ total: count() }).from(vends).where(where);
  const rows = await db
    .select({ v: vends, corporateName: corporates.name })
    .from(vends)
    .innerJoin(corporates, eq(corporates.id, vends.corporateId))
    .where(where)
    .orderBy(desc(vends.createdAt), desc(vends.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { rows, total };
}

export async function corporateForVend(db: Db, id: string) {
  const [row] = await db
    .select({
      id: corporates.id,
      status: corporates.status,
      testMode: corporates.testMode,
      upfrontCommission: corporates.upfrontCommission,
      clientType: corporates.clientType,
    })
    .from(corporates)
    .where(eq(corporates.id, id));
  return row ?? null;
}

export const pendingDue = (now: Date) =>
  and(eq(vends.status, 'PENDING'), sql`${vends.requeryAt} <= ${now.toISOString()}::timestamptz`);
