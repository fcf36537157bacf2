// VTU lines: SIMs on the telco platforms that VTU vends go through. Adding, assigning and
// funding them (the float bought moves through the ledger), their balance at the provider, and
// which line a vend uses.
import { randomUUID } from 'node:crypto';
import type { Network } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { readableCode } from '../../infra/crypto';
import type { Db } from '../../infra/db/client';
import { badRequest, conflict, notFound } from '../../infra/errors';
import { callerOf, type RequestContext } from '../../infra/request-context';
import { corporateExists } from '../corporates';
import { type AccountIds, accountIdsOf, transfer } from '../ledger';
import { providersOf } from '../providers';
import { vendsOnFloatLines } from './float-vends.repo';
import type { LineWithFloat } from './vtu.repo';
import * as repo from './vtu.repo';

/** Vends that consumed the float of the lines the filter names (pending or successful: a failed
 * vend gave it back), each with its line and client. */
export async function consumptionHistory(db: Db, f: repo.HistoryFilter) {
  const lines = await repo.linesMatching(db, f);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const p = await vendsOnFloatLines(db, { ...f, lineIds: lines.map((l) => l.id) });
  return { ...p, rows: p.rows.map((r) => ({ ...r, line: byId.get(r.v.floatLineId!)! })) };
}

async function lineOrThrow(db: Db, ref: string) {
  const l = await repo.findLine(db, ref);
  if (!l) throw notFound('VTU line');
  return l;
}

/** A line by its id or readable code, or a 404. */
export const findLineOrThrow = lineOrThrow;

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
  providerBalanceKobo: l.line.providerBalanceKobo,
  balanceCheckedAt: l.line.balanceCheckedAt?.toISOString() ?? null,
  createdAt: l.line.createdAt.toISOString(),
});

export async function addLine(
  db: Db,
  rc: RequestContext,
  input: { name: string; network: Network; msisdn: string; publicApi: boolean },
) {
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertLine(tx, {
      code: readableCode('VTU', 6),
      name: input.name,
      network: input.network,
      msisdn: input.msisdn,
      publicApi: input.publicApi,
    });
    if (!row) throw conflict(`The line ${input.msisdn} already exists`);
    await recordAudit(tx, rc, {
      action: 'vtu.add',
      targetType: 'vtu_line',
      targetId: row.id,
      summary: { ...input },
    });
    return row.id;
  });
  return lineOrThrow(db, id);
}

export async function assignLine(db: Db, rc: RequestContext, ref: string, corporateId: string | null) {
  const l = await lineOrThrow(db, ref);
  if (corporateId) {
    if (!(await corporateExists(db, corporateId))) throw notFound('Corporate client');
  }
  await db.transaction(async (tx) => {
    await repo.updateLine(tx, l.line.id, { corporateId, updatedAt: new Date() });
    await recordAudit(tx, rc, {
      action: 'vtu.assign',
      targetType: 'vtu_line',
      targetId: l.line.id,
      summary: { from: l.line.corporateId, to: corporateId },
    });
  });
  return { before: l, after: await lineOrThrow(db, l.line.id) };
}

export async function setLinePublicApi(db: Db, rc: RequestContext, ref: string, enabled: boolean) {
  const l = await lineOrThrow(db, ref);
  await db.transaction(async (tx) => {
    await repo.updateLine(tx, l.line.id, { publicApi: enabled, updatedAt: new Date() });
    await recordAudit(tx, rc, {
      action: 'vtu.public-api',
      targetType: 'vtu_line',
      targetId: l.line.id,
      summary: { enabled },
    });
  });
  return lineOrThrow(db, l.line.id);
}

export async function setLineStatus(db: Db, rc: RequestContext, ref: string, status: 'ACTIVE' | 'INACTIVE') {
  const l = await lineOrThrow(db, ref);
  await db.transaction(async (tx) => {
    await repo.updateLine(tx, l.line.id, { status, updatedAt: new Date() });
    await recordAudit(tx, rc, {
      action: 'vtu.status',
      targetType: 'vtu_line',
      targetId: l.line.id,
      summary: { status },
    });
  });
  return lineOrThrow(db, l.line.id);
}

/** Asks the provider for the line's balance and records it beside our books. */
export async function refreshLine(ctx: AppContext, rc: RequestContext, ref: string) {
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
  await ctx.db.transaction(async (tx) => {
    await repo.updateLine(tx, l.line.id, {
      providerBalanceKobo: balanceKobo,
      balanceCheckedAt: now,
      updatedAt: now,
    });
    await recordAudit(tx, rc, {
      action: 'vtu.refresh',
      targetType: 'vtu_line',
      targetId: l.line.id,
      summary: { providerBalanceKobo: balanceKobo },
    });
  });
  return lineOrThrow(ctx.db, l.line.id);
}

export async function fundLine(
  ctx: AppContext,
  rc: RequestContext,
  ref: string,
  input: { amountKobo: number; reference: string },
) {
  const me = callerOf(rc);
  const actor = { id: me.userId, email: me.email };
  const l = await lineOrThrow(ctx.db, ref);
  const dup = await repo.fundingByReference(ctx.db, input.reference);
  if (dup) throw conflict(`The payment ${input.reference} was already recorded`);
  const fundingId = randomUUID();
  await ctx.db.transaction(async (tx) => {
    const transferId = await fundVtuLineMoney(tx, accountIdsOf(ctx.db), {
      fundingId,
      lineCode: l.line.code,
      amountKobo: input.amountKobo,
      actorId: actor.id,
    });
    await repo.insertFunding(tx, {
      id: fundingId,
      lineId: l.line.id,
      amountKobo: input.amountKobo,
      reference: input.reference,
      transferId,
      actorId: actor.id,
      actorEmail: actor.email,
    });
    await recordAudit(tx, rc, {
      action: 'vtu.fund',
      targetType: 'vtu_line',
      targetId: l.line.id,
      summary: { amountKobo: input.amountKobo, paymentReference: input.reference },
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
  const rows = await repo.lineCandidates(db, q);
  const usable = rows
    .filter((r) => r.floatKobo >= q.amountKobo && !(q.exclude ?? []).includes(r.id))
    .sort((a, b) => (a.corporateId ? 0 : 1) - (b.corporateId ? 0 : 1) || b.floatKobo - a.floatKobo);
  return usable[0] ? { id: usable[0].id, msisdn: usable[0].msisdn } : null;
}

// ---------------------------------------------------------------- line funding money

/** The platform bought float for a VTU line from the telco (paid out of the collection account). */
export async function fundVtuLineMoney(
  tx: Db,
  ids: AccountIds,
  f: { fundingId: string; lineCode: string; amountKobo: number; actorId: string | null },
): Promise<string> {
  const r = await transfer(tx, {
    kind: 'VTU_FUNDING',
    reference: `vtu-funding:${f.fundingId}`,
    description: `Float bought for VTU line ${f.lineCode}`,
    source: { type: 'vtu_funding', id: f.fundingId },
    actorId: f.actorId,
    entries: [
      { accountId: await ids.system('FUNDING_CLEARING', tx), amountKobo: f.amountKobo },
      { accountId: await ids.system('VTU_FLOAT', tx), amountKobo: -f.amountKobo },
    ],
  });
  return r.transfer.id;
}
