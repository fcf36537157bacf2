// Billers (issue 51): the electricity DisCos and TV services VTpass documents, each a service of kind
// ELECTRICITY or TV (its commission, limits, status and client assignment are the service's), and
// the TV bouquets synced from the provider. Every admin change is audited in its transaction.
import {
  BILLERS,
  type BillerView,
  type BouquetView,
  billerOf,
  bpsToPercentString,
  formatNaira,
  isBillKind,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest, notFound } from '../../infra/errors';
import { callerOf, type RequestContext } from '../../infra/request-context';
import { corporateExists } from '../corporates';
import { type BillVariation, providerOfStep, routeSteps, SIM_BOUQUETS } from '../providers';
import * as repo from './billers.repo';
import type { ServiceRow } from './catalogue.repo';
import {
  addAssignments,
  assignedServiceIds,
  insertDefaults,
  removeAssignmentsExcept,
  updateServiceRow,
} from './catalogue.repo';

export const billerOut = (s: ServiceRow, assigned: boolean | null): BillerView => {
  const info = billerOf(s.network);
  const kind = s.serviceType as 'ELECTRICITY' | 'TV';
  return {
    id: s.id,
    code: s.network,
    kind,
    name: info?.name ?? s.network,
    customerNumberLabel: info?.customerNumberLabel ?? 'Customer number',
    meterTypes: kind === 'ELECTRICITY' ? ['PREPAID', 'POSTPAID'] : [],
    providerVerifies: info?.providerVerifies ?? true,
    commissionBps: s.commissionBps,
    commission: bpsToPercentString(s.commissionBps),
    minAmountKobo: s.minAmountKobo,
    minAmount: formatNaira(s.minAmountKobo),
    maxAmountKobo: s.maxAmountKobo,
    maxAmount: formatNaira(s.maxAmountKobo),
    status: s.status as 'ACTIVE' | 'INACTIVE',
    assigned,
    updatedAt: s.updatedAt.toISOString(),
  };
};

export const bouquetOut = (b: repo.BouquetRow): BouquetView => ({
  id: b.id,
  biller: b.billerCode,
  code: b.code,
  name: b.name,
  priceKobo: b.priceKobo,
  price: formatNaira(b.priceKobo),
  status: b.status as 'ACTIVE' | 'INACTIVE',
  updatedAt: b.updatedAt.toISOString(),
});

const billerFields = (s: ServiceRow) => ({
  commission: `${bpsToPercentString(s.commissionBps)}%`,
  minAmount: formatNaira(s.minAmountKobo),
  maxAmount: formatNaira(s.maxAmountKobo),
});

async function billerOrThrow(db: Db, id: string) {
  const row = await repo.findBiller(db, id);
  if (!row) throw notFound('Biller');
  return row;
}

export async function updateBiller(
  db: Db,
  rc: RequestContext,
  id: string,
  input: { commission?: number; minAmount?: number; maxAmount?: number },
) {
  return db.transaction(async (tx) => {
    const current = await billerOrThrow(tx, id);
    const min = input.minAmount ?? current.minAmountKobo;
    const max = input.maxAmount ?? current.maxAmountKobo;
    if (min > max) throw badRequest('Minimum amount must not exceed maximum amount');
    const row = (await updateServiceRow(tx, id, {
      commissionBps: input.commission ?? current.commissionBps,
      minAmountKobo: min,
      maxAmountKobo: max,
      updatedAt: new Date(),
    }))!;
    await recordAudit(tx, rc, {
      action: 'biller.update',
      targetType: 'biller',
      targetId: id,
      summary: { biller: row.network, before: billerFields(current), after: billerFields(row) },
    });
    return row;
  });
}

export async function setBillerStatus(db: Db, rc: RequestContext, id: string, status: 'ACTIVE' | 'INACTIVE') {
  return db.transaction(async (tx) => {
    await billerOrThrow(tx, id);
    const row = (await updateServiceRow(tx, id, { status, updatedAt: new Date() }))!;
    await recordAudit(tx, rc, {
      action: 'biller.status',
      targetType: 'biller',
      targetId: id,
      summary: { biller: row.network, status },
    });
    return row;
  });
}

/** Makes `billerIds` the client's billers (its airtime and data services are untouched). */
export async function assignClientBillers(
  db: Db,
  rc: RequestContext,
  corporateId: string,
  billerIds: string[],
) {
  if (!(await corporateExists(db, corporateId))) throw notFound('Corporate client');
  const ids = [...new Set(billerIds)];
  const found = await repo.billersByIds(db, ids);
  if (found.length !== ids.length) {
    const missing = ids.filter((x) => !found.some((s) => s.id === x));
    throw badRequest(
      'Unknown biller',
      missing.map((m) => `Unknown biller: ${m}`),
    );
  }
  return db.transaction(async (tx) => {
    await removeAssignmentsExcept(tx, corporateId, ids, repo.BILL_SERVICE_KINDS);
    if (ids.length) await addAssignments(tx, corporateId, ids, callerOf(rc).userId);
    const now = await assignedServiceIds(tx, corporateId, repo.BILL_SERVICE_KINDS);
    await recordAudit(tx, rc, {
      action: 'biller.assign',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { billers: found.map((s) => s.network).sort() },
    });
    return now;
  });
}

export async function setBouquetStatus(
  db: Db,
  rc: RequestContext,
  id: string,
  status: 'ACTIVE' | 'INACTIVE',
) {
  return db.transaction(async (tx) => {
    const row = await repo.updateBouquet(tx, id, { status, updatedAt: new Date() });
    if (!row) throw notFound('Bouquet');
    await recordAudit(tx, rc, {
      action: 'bouquet.status',
      targetType: 'bouquet',
      targetId: id,
      summary: { biller: row.billerCode, bouquet: row.code, status },
    });
    return row;
  });
}

/**
 * The biller's bouquets as the first provider of its route that lists them says (VTpass; the
 * simulator in development and tests): the provider its payments go through.
 */
async function variationsOf(ctx: AppContext, biller: ServiceRow): Promise<BillVariation[]> {
  const info = billerOf(biller.network);
  if (!info) throw notFound('Biller');
  const steps = await routeSteps(ctx, 'LIVE', [biller.platform, ...biller.fallbackPlatforms]);
  let why = 'no provider of its route lists bouquets';
  for (const step of steps) {
    let provider: ReturnType<typeof providerOfStep>;
    try {
      provider = providerOfStep(ctx, step);
    } catch {
      continue;
    }
    if (!provider.billVariations) continue;
    try {
      return await provider.billVariations(info.code, info.vtpassServiceId);
    } catch (err) {
      why = err instanceof Error ? err.message : 'no answer';
    }
  }
  throw new AppError(
    'SERVICE_UNAVAILABLE',
    503,
    `The bouquet list of ${info.name} could not be read: ${why}`,
  );
}

/**
 * The provider's bouquet list applied: new codes added ACTIVE, prices brought to the provider's,
 * codes it no longer lists set INACTIVE (never deleted: old bills name them). Audited.
 */
export async function syncBouquets(ctx: AppContext, rc: RequestContext, billerId: string) {
  const biller = await billerOrThrow(ctx.db, billerId);
  if (biller.serviceType !== 'TV') throw badRequest('Only TV billers have bouquets');
  const theirs = await variationsOf(ctx, biller);
  return ctx.db.transaction(async (tx) => {
    const ours = await repo.listBouquets(tx, biller.network);
    const byCode = new Map(ours.map((b) => [b.code.toLowerCase(), b]));
    const now = new Date();
    let added = 0;
    let repriced = 0;
    let withdrawn = 0;
    const fresh = theirs.filter((v) => v.priceKobo > 0 && !byCode.has(v.code.toLowerCase()));
    await repo.insertBouquets(
      tx,
      fresh.map((v) => ({ billerCode: biller.network, code: v.code, name: v.name, priceKobo: v.priceKobo })),
    );
    added = fresh.length;
    for (const v of theirs) {
      const b = byCode.get(v.code.toLowerCase());
      if (!b || v.priceKobo <= 0) continue;
      if (b.priceKobo !== v.priceKobo || b.name !== v.name) {
        await repo.updateBouquet(tx, b.id, { priceKobo: v.priceKobo, name: v.name, updatedAt: now });
        repriced++;
      }
    }
    const listed = new Set(theirs.map((v) => v.code.toLowerCase()));
    for (const b of ours) {
      if (!listed.has(b.code.toLowerCase()) && b.status === 'ACTIVE') {
        await repo.updateBouquet(tx, b.id, { status: 'INACTIVE', updatedAt: now });
        withdrawn++;
      }
    }
    await recordAudit(tx, rc, {
      action: 'bouquet.sync',
      targetType: 'biller',
      targetId: biller.id,
      summary: { biller: biller.network, added, repriced, withdrawn },
    });
    return {
      biller: biller.network,
      added,
      repriced,
      withdrawn,
      bouquets: await repo.listBouquets(tx, biller.network),
    };
  });
}

// ------------------------------------------------------------------ paying

/** The biller a payment names, if the client may pay it (assigned and active among `services`). */
export function billerForClient(services: readonly ServiceRow[], code: string): ServiceRow {
  const info = billerOf(code);
  const s = services.find((x) => x.network === code && isBillKind(x.serviceType));
  if (!s)
    throw new AppError(
      'BILLER_NOT_ASSIGNED',
      403,
      `${info?.name ?? code} is not enabled for your account. Contact support to have it assigned.`,
    );
  return s;
}

/** An ACTIVE bouquet of a TV biller by its code, or a clear 400. */
export async function bouquetForPay(db: Db, billerCode: string, code: string) {
  const b = await repo.bouquetByCode(db, billerCode, code);
  if (b?.status !== 'ACTIVE')
    throw new AppError(
      'PLAN_UNAVAILABLE',
      400,
      `${billerOf(billerCode)?.name ?? billerCode} has no bouquet ${code}`,
    );
  return b;
}

// ------------------------------------------------------------------ defaults

/** Commission (basis points) and limits of the seeded billers. */
const DEFAULTS = {
  ELECTRICITY: { commissionBps: 100, min: 50_000, max: 50_000_000 },
  TV: { commissionBps: 50, min: 10_000, max: 50_000_000 },
} as const;

/**
 * The billers VTpass documents, as services through the aggregator, and the simulator's bouquets
 * (an admin syncs them from VTpass); only what is missing is inserted, so an admin's changes stay.
 */
export async function ensureDefaultBillers(db: Db): Promise<void> {
  await insertDefaults(
    db,
    BILLERS.map((b) => ({
      network: b.code,
      serviceType: b.kind,
      platform: 'AGGREGATOR',
      fallbackPlatforms: [],
      commissionBps: DEFAULTS[b.kind].commissionBps,
      minAmountKobo: DEFAULTS[b.kind].min,
      maxAmountKobo: DEFAULTS[b.kind].max,
    })),
    [],
  );
  await repo.insertBouquets(
    db,
    Object.entries(SIM_BOUQUETS).flatMap(([billerCode, list]) =>
      list.map((v) => ({ billerCode, code: v.code, name: v.name, priceKobo: v.priceKobo })),
    ),
  );
}
