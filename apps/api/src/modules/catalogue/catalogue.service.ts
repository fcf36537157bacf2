// The catalogue: services (network x AIRTIME|DATA x platform, commission rate, amount bounds,
// status), their assignment to clients, data plans, and the defaults seeded for the four networks.
// The vend asks here which service and plan a request resolves to.

import {
  bpsToPercentString,
  formatNaira,
  NETWORKS,
  type Network,
  platformLabel,
  type ServiceType,
} from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest, conflict, notFound } from '../../infra/errors';
import { callerOf, type RequestContext } from '../../infra/request-context';
import { corporateExists } from '../corporates';
import * as repo from './catalogue.repo';
import {
  type DataPlanRow,
  findPlan,
  findPlanByCode,
  findService,
  findServiceByProduct,
  type ServiceRow,
  servicesByIds,
} from './catalogue.repo';

/** The one answer to a second service for the same network, type and platform. */
const productTaken = (input: ServiceInput) =>
  conflict(
    `${input.network} ${input.service.toLowerCase()} through ${platformLabel(input.platform)} already exists`,
  );

export const serviceOut = (s: ServiceRow, assigned: boolean | null) => ({
  id: s.id,
  network: s.network as Network,
  service: s.serviceType as ServiceType,
  platform: s.platform as 'AGGREGATOR' | 'VTU',
  fallbackPlatforms: s.fallbackPlatforms as Array<'AGGREGATOR' | 'VTU'>,
  commissionBps: s.commissionBps,
  commission: bpsToPercentString(s.commissionBps),
  minAmountKobo: s.minAmountKobo,
  minAmount: formatNaira(s.minAmountKobo),
  maxAmountKobo: s.maxAmountKobo,
  maxAmount: formatNaira(s.maxAmountKobo),
  status: s.status as 'ACTIVE' | 'INACTIVE',
  assigned,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

export const planOut = (p: DataPlanRow) => ({
  id: p.id,
  network: p.network as Network,
  code: p.code,
  name: p.name,
  size: p.size,
  validity: p.validity,
  priceKobo: p.priceKobo,
  price: formatNaira(p.priceKobo),
  status: p.status as 'ACTIVE' | 'INACTIVE',
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

/** Default bounds: airtime NGN 50 to NGN 50,000; data NGN 50 to NGN 100,000. */
export const DEFAULT_BOUNDS: Record<ServiceType, { min: number; max: number }> = {
  AIRTIME: { min: 5_000, max: 5_000_000 },
  DATA: { min: 5_000, max: 10_000_000 },
};

export interface ServiceInput {
  network: Network;
  service: ServiceType;
  platform: 'AGGREGATOR' | 'VTU';
  commission: number;
  /** Left out: none for a new service; an update keeps the current ones. */
  fallbackPlatforms?: Array<'AGGREGATOR' | 'VTU'>;
  minAmount?: number;
  maxAmount?: number;
}

export async function addService(db: Db, rc: RequestContext, input: ServiceInput) {
  if (await findServiceByProduct(db, input.network, input.service, input.platform)) {
    throw productTaken(input);
  }
  const bounds = DEFAULT_BOUNDS[input.service];
  const min = input.minAmount ?? bounds.min;
  const max = input.maxAmount ?? Math.max(bounds.max, min);
  if (min > max) throw badRequest('Minimum amount must not exceed maximum amount');
  return db.transaction(async (tx) => {
    const row = await repo.insertService(tx, {
      network: input.network,
      serviceType: input.service,
      platform: input.platform,
      fallbackPlatforms: input.fallbackPlatforms ?? [],
      commissionBps: input.commission,
      minAmountKobo: min,
      maxAmountKobo: max,
    });
    await recordAudit(tx, rc, {
      action: 'service.add',
      targetType: 'service',
      targetId: row.id,
      summary: { ...input },
    });
    return row;
  });
}

/** A service as the audit trail records it. */
const serviceFields = (r: {
  network: string;
  serviceType: string;
  platform: string;
  fallbackPlatforms: unknown;
  commissionBps: number;
  minAmountKobo: number;
  maxAmountKobo: number;
}) => ({
  network: r.network,
  service: r.serviceType,
  platform: r.platform,
  fallbackPlatforms: r.fallbackPlatforms,
  commissionBps: r.commissionBps,
  minAmountKobo: r.minAmountKobo,
  maxAmountKobo: r.maxAmountKobo,
});

export async function updateService(db: Db, rc: RequestContext, id: string, input: ServiceInput) {
  const current = await findService(db, id);
  if (!current) throw notFound('Service');
  const clash = await findServiceByProduct(db, input.network, input.service, input.platform);
  if (clash && clash.id !== id) throw productTaken(input);
  const min = input.minAmount ?? current.minAmountKobo;
  const max = input.maxAmount ?? current.maxAmountKobo;
  if (min > max) throw badRequest('Minimum amount must not exceed maximum amount');
  // The spec's update payload is {network, service, platform, commission}: an update that leaves
  // the fallbacks out keeps them (as it keeps the bounds), less the platform it now goes through.
  const fallbackPlatforms =
    input.fallbackPlatforms ??
    (current.fallbackPlatforms as Array<'AGGREGATOR' | 'VTU'>).filter((p) => p !== input.platform);
  const row = await db.transaction(async (tx) => {
    const row = await repo.updateServiceRow(tx, id, {
      network: input.network,
      serviceType: input.service,
      platform: input.platform,
      fallbackPlatforms,
      commissionBps: input.commission,
      minAmountKobo: min,
      maxAmountKobo: max,
      updatedAt: new Date(),
    });
    await recordAudit(tx, rc, {
      action: 'service.update',
      targetType: 'service',
      targetId: id,
      // The same fields under the same names on both sides, typed by their names (…Bps, …Kobo):
      // the trail shows what changed, not the body beside a partial row (issue 53 point 6).
      summary: {
        before: serviceFields(current),
        after: serviceFields(row!),
      },
    });
    return row;
  });
  return { before: current, after: row };
}

export async function setServiceStatus(
  db: Db,
  rc: RequestContext,
  id: string,
  status: 'ACTIVE' | 'INACTIVE',
) {
  return db.transaction(async (tx) => {
    const row = await repo.updateServiceRow(tx, id, { status, updatedAt: new Date() });
    if (!row) throw notFound('Service');
    await recordAudit(tx, rc, {
      action: 'service.status',
      targetType: 'service',
      targetId: row.id,
      summary: { status: row.status },
    });
    return row;
  });
}

/**
 * Assigns services to a client. `replace` makes the given list the client's whole assignment
 * (PUT); otherwise the services are added to what it has (POST).
 */
export async function assignServices(
  db: Db,
  corporateId: string,
  serviceIds: string[],
  replace: boolean,
  actorId: string | null,
) {
  if (!(await corporateExists(db, corporateId))) throw notFound('Corporate client');
  const ids = [...new Set(serviceIds)];
  const found = await servicesByIds(db, ids);
  if (found.length !== ids.length) {
    const missing = ids.filter((id) => !found.some((s) => s.id === id));
    throw badRequest(
      'Unknown service',
      missing.map((m) => `Unknown service: ${m}`),
    );
  }
  await db.transaction(async (tx) => {
    if (replace) await repo.removeAssignmentsExcept(tx, corporateId, ids);
    if (ids.length) await repo.addAssignments(tx, corporateId, ids, actorId);
  });
  return repo.assignedServiceIds(db, corporateId);
}

/** An admin's assignment of services to a client (assignServices), audited in its transaction. */
export async function assignClientServices(
  db: Db,
  rc: RequestContext,
  corporateId: string,
  serviceIds: string[],
  replace: boolean,
) {
  const actorId = callerOf(rc).userId;
  return db.transaction(async (tx) => {
    const ids = await assignServices(tx, corporateId, serviceIds, replace, actorId);
    await recordAudit(tx, rc, {
      action: 'service.assign',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { replace, serviceIds },
    });
    return ids;
  });
}

/** Every active default service (the seeded platform of each product line) for a new client. */
export async function assignDefaultServices(db: Db, corporateId: string) {
  return assignServices(db, corporateId, await repo.defaultServiceIds(db), false, null);
}

// ---------------------------------------------------------------- resolving a vend

/** A vend through a service the client does not have (not assigned, or disabled). */
export const serviceUnavailable = (network: string, type: string) =>
  new AppError(
    'SERVICE_UNAVAILABLE',
    403,
    `${network} ${type.toLowerCase()} is not available on your account`,
  );

export async function planForVend(db: Db, code: string, network: string): Promise<DataPlanRow> {
  const plan = await findPlanByCode(db, code);
  if (plan?.status !== 'ACTIVE') throw badRequest(`Unknown data plan ${code}`);
  if (plan.network !== network)
    throw badRequest(`The plan ${plan.code} is for ${plan.network}, not ${network}`);
  return plan;
}

// ---------------------------------------------------------------- data plans

export interface PlanInput {
  network: Network;
  code: string;
  name: string;
  size: string;
  validity: string;
  price: number;
}

export async function addPlan(db: Db, rc: RequestContext, input: PlanInput) {
  if (await findPlanByCode(db, input.code))
    throw conflict(`A data plan with the code ${input.code} already exists`);
  return db.transaction(async (tx) => {
    const row = await repo.insertPlan(tx, {
      network: input.network,
      code: input.code,
      name: input.name,
      size: input.size,
      validity: input.validity,
      priceKobo: input.price,
    });
    await recordAudit(tx, rc, {
      action: 'data-plan.add',
      targetType: 'data_plan',
      targetId: row.id,
      summary: { ...input },
    });
    return row;
  });
}

export async function updatePlan(
  db: Db,
  rc: RequestContext,
  id: string,
  input: Partial<Omit<PlanInput, 'network' | 'code'>>,
) {
  const current = await findPlan(db, id);
  if (!current) throw notFound('Data plan');
  const row = await db.transaction(async (tx) => {
    const row = await repo.updatePlanRow(tx, id, {
      name: input.name ?? current.name,
      size: input.size ?? current.size,
      validity: input.validity ?? current.validity,
      priceKobo: input.price ?? current.priceKobo,
      updatedAt: new Date(),
    });
    await recordAudit(tx, rc, {
      action: 'data-plan.update',
      targetType: 'data_plan',
      targetId: id,
      summary: {
        before: {
          name: current.name,
          size: current.size,
          validity: current.validity,
          priceKobo: current.priceKobo,
        },
        after: { name: row!.name, size: row!.size, validity: row!.validity, priceKobo: row!.priceKobo },
      },
    });
    return row;
  });
  return { before: current, after: row };
}

export async function setPlanStatus(db: Db, rc: RequestContext, id: string, status: 'ACTIVE' | 'INACTIVE') {
  return db.transaction(async (tx) => {
    const row = await repo.updatePlanRow(tx, id, { status, updatedAt: new Date() });
    if (!row) throw notFound('Data plan');
    await recordAudit(tx, rc, {
      action: 'data-plan.status',
      targetType: 'data_plan',
      targetId: row.id,
      summary: { status: row.status },
    });
    return row;
  });
}

// ---------------------------------------------------------------- defaults

/** Commission in basis points of the seeded services. */
const DEFAULT_COMMISSION: Record<Network, Record<ServiceType, number>> = {
  MTN: { AIRTIME: 300, DATA: 200 },
  AIRTEL: { AIRTIME: 350, DATA: 200 },
  GLO: { AIRTIME: 450, DATA: 250 },
  '9MOBILE': { AIRTIME: 500, DATA: 300 },
};

const DEFAULT_PLANS: Array<[Network, string, string, string, string, number]> = [
  ['MTN', 'MTN-500MB-30D', 'MTN 500MB monthly', '500MB', '30 days', 50_000],
  ['MTN', 'MTN-1.5GB-30D', 'MTN 1.5GB monthly', '1.5GB', '30 days', 150_000],
  ['MTN', 'MTN-3GB-30D', 'MTN 3GB monthly', '3GB', '30 days', 250_000],
  ['MTN', 'MTN-10GB-30D', 'MTN 10GB monthly', '10GB', '30 days', 500_000],
  ['AIRTEL', 'AIRTEL-750MB-14D', 'Airtel 750MB fortnightly', '750MB', '14 days', 50_000],
  ['AIRTEL', 'AIRTEL-1.5GB-30D', 'Airtel 1.5GB monthly', '1.5GB', '30 days', 150_000],
  ['AIRTEL', 'AIRTEL-3GB-30D', 'Airtel 3GB monthly', '3GB', '30 days', 250_000],
  ['AIRTEL', 'AIRTEL-10GB-30D', 'Airtel 10GB monthly', '10GB', '30 days', 500_000],
  ['GLO', 'GLO-1GB-14D', 'Glo 1GB fortnightly', '1GB', '14 days', 50_000],
  ['GLO', 'GLO-2.9GB-30D', 'Glo 2.9GB monthly', '2.9GB', '30 days', 100_000],
  ['GLO', 'GLO-5.8GB-30D', 'Glo 5.8GB monthly', '5.8GB', '30 days', 200_000],
  ['GLO', 'GLO-10GB-30D', 'Glo 10GB monthly', '10GB', '30 days', 300_000],
  ['9MOBILE', '9MOBILE-500MB-30D', '9mobile 500MB monthly', '500MB', '30 days', 50_000],
  ['9MOBILE', '9MOBILE-1.5GB-30D', '9mobile 1.5GB monthly', '1.5GB', '30 days', 120_000],
  ['9MOBILE', '9MOBILE-4.5GB-30D', '9mobile 4.5GB monthly', '4.5GB', '30 days', 200_000],
  ['9MOBILE', '9MOBILE-11GB-30D', '9mobile 11GB monthly', '11GB', '30 days', 400_000],
];

/**
 * The default catalogue: for each network, airtime and data through the aggregator with the
 * VTU lines as fallback, and a few data plans. Only what is missing is inserted, so an admin's
 * changes (rates, bounds, disabled services or plans) survive restarts.
 */
export async function ensureDefaultCatalogue(db: Db): Promise<void> {
  const rows = NETWORKS.flatMap((network) =>
    (['AIRTIME', 'DATA'] as const).map((serviceType) => ({
      network,
      serviceType,
      platform: 'AGGREGATOR',
      fallbackPlatforms: ['VTU'],
      commissionBps: DEFAULT_COMMISSION[network][serviceType],
      minAmountKobo: DEFAULT_BOUNDS[serviceType].min,
      maxAmountKobo: DEFAULT_BOUNDS[serviceType].max,
    })),
  );
  await repo.insertDefaults(
    db,
    rows,
    DEFAULT_PLANS.map(([network, code, name, size, validity, priceKobo]) => ({
      network,
      code,
      name,
      size,
      validity,
      priceKobo,
    })),
  );
}
