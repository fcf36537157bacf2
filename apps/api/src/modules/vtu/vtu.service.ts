// VTU lines: dealer SIM lines per network whose float vends consume. Admins add lines, dedicate
// them to a client or return them to the shared pool, allow them for API vends, buy float for
// them (through the ledger's VTU float account) and refresh the balance the provider reports.
// A line's float by our books is its fundings minus the vends holding its float.
import { randomBytes, randomUUID } from 'node:crypto';
import { formatNaira, type Network } from '@vendport/shared';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { corporates, vends, vtuFundings, vtuLines } from '../../db/schema';
import { containing, isUuid } from '../../db/sql';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { providersOf } from '../providers/providers';
import { accountIdsOf, fundVtuLineMoney } from '../vending/vending.money';

export type LineRow = typeof vtuLines.$inferSelect;

const CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const readableCode = (prefix: string, n: number) =>
  `${prefix}-${Array.from(randomBytes(n), (b) => CODE_ALPHABET[b % 32]).join('')}`;

/** Float by our books per line: fundings minus the vends (pending or successful) holding it.
 * (The line's id is written out qualified: Drizzle leaves columns bare in single-table selects.) */
const floatSql = sql<number>`(
  coalesce((select sum(f.amount_kobo) from vtu_fundings f where f.line_id = "vtu_lines"."id"), 0)
  - coalesce((select sum(v.amount_kobo) from vends v where v.float_line_id = "vtu_lines"."id" and v.status in ('PENDING', 'SUCCESSFUL')), 0)
)::bigint`;

const lineColumns = { line: vtuLines, corporateName: corporates.name, floatKobo: floatSql };

export async function listLines(db: Db, f: { network?: string } = {}) {
  const rows = await db
    .select(lineColumns)
    .from(vtuLines)
    .leftJoin(corporates, eq(corporates.id, vtuLines.corporateId))
    .where(f.network ? eq(vtuLines.network, f.network) : undefined)
    .orderBy(vtuLines.network, vtuLines.createdAt);
  return rows.map((r) => ({ ...r, floatKobo: Number(r.floatKobo) }));
}

/** A line by its id or readable code. */
export async function findLine(db: Db, ref: string) {
  const byId = isUuid(ref);
  const [row] = await db
    .select(lineColumns)
    .from(vtuLines)
    .leftJoin(corporates, eq(corporates.id, vtuLines.corporateId))
    .where(byId ? eq(vtuLines.id, ref) : eq(vtuLines.code, ref.toUpperCase()));
  return row ? { ...row, floatKobo: Number(row.floatKobo) } : null;
}

async function lineOrThrow(db: Db, ref: string) {
  const l = await findLine(db, ref);
  if (!l) throw notFound('VTU line');
  return l;
}

export type LineWithFloat = NonNullable<Awaited<ReturnType<typeof findLine>>>;

export const lineOut = (l: LineWithFloat) => ({
  id: l.line.id,
  code: l.line.code,
  name: l.line.name,
  network: l.line.network as Network,
  msisdn: l.line.msisdn,
  status: l.line.status as 'ACTIVE' | 'INACTIVE',
  publicApi: l.line.publicApi,
  corporateId: l.line.corporateId,
  corporateName: l.corporateName,
  floatKobo: l.floatKobo,
  float: formatNaira(l.floatKobo),
  providerBalanceKobo: l.line.providerBalanceKobo,
  providerBalance: l.line.providerBalanceKobo === null ? null : formatNaira(l.line.providerBalanceKobo),
  balanceCheckedAt: l.line.balanceCheckedAt?.toISOString() ?? null,
  createdAt: l.line.createdAt.toISOString(),
});

export async function addLine(
  db: Db,
  input: { name: string; network: Network; msisdn: string; publicApi: boolean },
) {
  const [row] = await db
    .insert(vtuLines)
    .values({
      code: readableCode('VTU', 6),
      name: input.name,
      network: input.network,
      msisdn: input.msisdn,
      publicApi: input.publicApi,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict(`The line ${input.msisdn} already exists`);
  return lineOrThrow(db, row.id);
}

export async function assignLine(db: Db, ref: string, corporateId: string | null) {
  const l = await lineOrThrow(db, ref);
  if (corporateId) {
    const [c] = await db.select({ id: corporates.id }).from(corporates).where(eq(corporates.id, corporateId));
    if (!c) throw notFound('Corporate client');
  }
  await db.update(vtuLines).set({ corporateId, updatedAt: new Date() }).where(eq(vtuLines.id, l.line.id));
  return { before: l, after: await lineOrThrow(db, l.line.id) };
}

export async function setLinePublicApi(db: Db, ref: string, enabled: boolean) {
  const l = await lineOrThrow(db, ref);
  await db
    .update(vtuLines)
    .set({ publicApi: enabled, updatedAt: new Date() })
    .where(eq(vtuLines.id, l.line.id));
  return lineOrThrow(db, l.line.id);
}

export async function setLineStatus(db: Db, ref: string, status: 'ACTIVE' | 'INACTIVE') {
  const l = await lineOrThrow(db, ref);
  await db.update(vtuLines).set({ status, updatedAt: new Date() }).where(eq(vtuLines.id, l.line.id));
  return lineOrThrow(db, l.line.id);
}

/** Asks the provider for the line's balance and records it beside our books. */
export async function refreshLine(ctx: AppContext, ref: string) {
  const l = await lineOrThrow(ctx.db, ref);
  const provider = providersOf(ctx).forPlatform('VTU');
  let balanceKobo: number;
  try {
    ({ balanceKobo } = await provider.balance({
      line: { id: l.line.id, msisdn: l.line.msisdn },
      bookFloatKobo: l.floatKobo,
    }));
  } catch (err) {
    throw badRequest(`The provider did not report the balance: ${(err as Error).message}`);
  }
  const now = new Date();
  await ctx.db
    .update(vtuLines)
    .set({ providerBalanceKobo: balanceKobo, balanceCheckedAt: now, updatedAt: now })
    .where(eq(vtuLines.id, l.line.id));
  return lineOrThrow(ctx.db, l.line.id);
}

export async function fundLine(
  ctx: AppContext,
  ref: string,
  input: { amountKobo: number; reference: string },
  actor: { id: string; email: string },
) {
  const l = await lineOrThrow(ctx.db, ref);
  const [dup] = await ctx.db
    .select({ id: vtuFundings.id })
    .from(vtuFundings)
    .where(sql`lower(${vtuFundings.reference}) = lower(${input.reference})`);
  if (dup) throw conflict(`The payment ${input.reference} was already recorded`);
  const fundingId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    const transferId = await fundVtuLineMoney(tx, accountIdsOf(ctx.db), {
      fundingId,
      lineCode: l.line.code,
      amountKobo: input.amountKobo,
      actorId: actor.id,
    });
    await tx.insert(vtuFundings).values({
      id: fundingId,
      lineId: l.line.id,
      amountKobo: input.amountKobo,
      reference: input.reference,
      transferId,
      actorId: actor.id,
      actorEmail: actor.email,
    });
  });
  return lineOrThrow(ctx.db, l.line.id);
}

/**
 * The line a VTU vend should use: active, of the network, dedicated to the client or shared,
 * allowed for API vends when the vend comes from the API, with float for the amount. Dedicated
 * lines first, then the one with most float.
 */
export async function pickLine(
  db: Db,
  q: { network: string; corporateId: string; fromApi: boolean; amountKobo: number; exclude?: string[] },
): Promise<{ id: string; msisdn: string } | null> {
  const rows = await db
    .select({
      id: vtuLines.id,
      msisdn: vtuLines.msisdn,
      corporateId: vtuLines.corporateId,
      floatKobo: floatSql,
    })
    .from(vtuLines)
    .where(
      and(
        eq(vtuLines.network, q.network),
        eq(vtuLines.status, 'ACTIVE'),
        or(eq(vtuLines.corporateId, q.corporateId), sql`${vtuLines.corporateId} is null`),
        q.fromApi ? eq(vtuLines.publicApi, true) : undefined,
      ),
    );
  const usable = rows
    .map((r) => ({ ...r, floatKobo: Number(r.floatKobo) }))
    .filter((r) => r.floatKobo >= q.amountKobo && !(q.exclude ?? []).includes(r.id))
    .sort((a, b) => (a.corporateId ? 0 : 1) - (b.corporateId ? 0 : 1) || b.floatKobo - a.floatKobo);
  return usable[0] ? { id: usable[0].id, msisdn: usable[0].msisdn } : null;
}

// ---------------------------------------------------------------- histories

interface HistoryFilter {
  vtuLine?: string;
  network?: string;
  search?: string;
  from?: Date;
  to?: Date;
  page: number;
  limit: number;
}

const lineFilter = (f: HistoryFilter): SQL | undefined =>
  and(
    f.vtuLine
      ? or(sql`${vtuLines.id}::text = ${f.vtuLine}`, eq(vtuLines.code, f.vtuLine.toUpperCase()))
      : undefined,
    f.network ? eq(vtuLines.network, f.network) : undefined,
  );

export async function fundingHistory(db: Db, f: HistoryFilter) {
  const where = and(
    lineFilter(f),
    f.search
      ? or(ilike(vtuFundings.reference, containing(f.search)), ilike(vtuLines.name, containing(f.search)))
      : undefined,
    f.from ? gte(vtuFundings.createdAt, f.from) : undefined,
    f.to ? lt(vtuFundings.createdAt, f.to) : undefined,
  );
  const [{ total }] = await db
    .select({ total: count() })
    .from(vtuFundings)
    .innerJoin(vtuLines, eq(vtuLines.id, vtuFundings.lineId))
    .where(where);
  const rows = await db
    .select({ f: vtuFundings, line: vtuLines })
    .from(vtuFundings)
    .innerJoin(vtuLines, eq(vtuLines.id, vtuFundings.lineId))
    .where(where)
    .orderBy(desc(vtuFundings.createdAt), desc(vtuFundings.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { rows, total };
}

/** Vends that consumed a line's float (pending or successful: a failed vend gave it back). */
export async function consumptionHistory(db: Db, f: HistoryFilter) {
  const where = and(
    lineFilter(f),
    sql`${vends.status} in ('PENDING', 'SUCCESSFUL')`,
    eq(vends.mode, 'LIVE'),
    f.search
      ? or(ilike(vends.msisdn, containing(f.search)), ilike(vends.code, containing(f.search)))
      : undefined,
    f.from ? gte(vends.createdAt, f.from) : undefined,
    f.to ? lt(vends.createdAt, f.to) : undefined,
  );
  const base = db
    .select({ total: count() })
    .from(vends)
    .innerJoin(vtuLines, eq(vtuLines.id, vends.floatLineId))
    .innerJoin(corporates, eq(corporates.id, vends.corporateId));
  const [{ total }] = await base.where(where);
  const rows = await db
    .select({ v: vends, line: vtuLines, corporateName: corporates.name })
    .from(vends)
    .innerJoin(vtuLines, eq(vtuLines.id, vends.floatLineId))
    .innerJoin(corporates, eq(corporates.id, vends.corporateId))
    .where(where)
    .orderBy(desc(vends.createdAt), desc(vends.id))
    .limit(f.limit)
    .offset((f.page - 1) * f.limit);
  return { rows, total };
}
