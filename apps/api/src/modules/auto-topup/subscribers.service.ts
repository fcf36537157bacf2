// A client's auto top-up subscribers: add, edit, pause/resume, remove, and import from CSV. Each
// subscriber is checked as a vend would be (number, network, service assigned and enabled, plan,
// amount bounds: place-vend's prepare and resolve), and a file is checked row by row before
// anything is written, as bulk vending does: one bad row refuses the whole file. A bill subscriber
// (a meter or a smartcard, issue 51) is checked as a bill payment would be (priceBill: the biller
// assigned and enabled, the number verified with the provider, the bouquet, the limits); its
// verification and the customer's name are kept with it.

import {
  type autoTopupSubscriberBody,
  isBillKind,
  lagosDateOf,
  nextRunAfter,
  readSubscriberCsv,
  subscriberBodyOfCsvRow,
  autoTopupSubscriberBody as subscriberSchema,
} from '@vendport/shared';
import type { z } from 'zod';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import { AppError, badRequest, invalidRows, notFound } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import type { ServiceRow } from '../catalogue';
import { corporateSummary } from '../corporates';
import { prepareVend, priceBill, resolveVend, type VendCorporate, vendClient } from '../vending';
import {
  findSettings,
  insertSubscribers,
  listSubscribers,
  lockSubscriber,
  type NewSubscriber,
  type SubscriberRow,
  updateSubscriber,
} from './auto-topup.repo';
import { DEFAULT_TIME, subscriberOut } from './auto-topup.views';

type Body = z.output<typeof autoTopupSubscriberBody>;

interface Client {
  corp: VendCorporate;
  services: readonly ServiceRow[];
}

async function clientOf(ctx: AppContext, corporateId: string): Promise<Client> {
  const c = await vendClient(ctx.db, corporateId);
  if (!c) throw notFound('Corporate client');
  return c;
}

const scheduleOf = (b: Body, time: string) => ({
  frequency: b.frequency,
  weekday: b.frequency === 'WEEKLY' ? (b.weekday ?? null) : null,
  monthDay: b.frequency === 'MONTHLY' ? (b.monthDay ?? null) : null,
  onceDate: b.frequency === 'ONCE' ? (b.onceDate ?? null) : null,
  timeOfDay: time,
});

/**
 * The subscriber's columns once it passes a vend's checks (the network detected from the number
 * unless named) and its next run from `now`. Throws the vend's own refusal.
 */
async function checked(
  ctx: AppContext,
  client: Client,
  b: Body,
  defaultTime: string,
  now: Date,
): Promise<Omit<NewSubscriber, 'corporateId'>> {
  const schedule = scheduleOf(b, b.time ?? defaultTime);
  const nextRunAt = nextRunAfter(schedule, now);
  if (isBillKind(b.type)) {
    const bill = await checkedBill(ctx, client, b);
    if (!nextRunAt) throw badRequest('The date and time of a one-off top-up must be in the future');
    return { name: b.name, msisdn: b.phone, ...bill, ...schedule, nextRunAt };
  }
  const input = {
    reference: 'ATU-CHECK',
    phone: b.phone,
    network: b.network,
    type: b.type,
    amount: b.amount,
    planCode: b.planCode,
  };
  const p = prepareVend({ corporateId: client.corp.id, channel: 'AUTO_TOPUP' }, input, client.corp);
  await resolveVend(ctx, p, client.services);
  if (!nextRunAt) throw badRequest('The date and time of a one-off top-up must be in the future');
  return {
    name: b.name,
    msisdn: b.phone,
    network: p.network,
    serviceType: b.type,
    amountKobo: b.type === 'AIRTIME' ? (b.amount ?? null) : null,
    planCode: b.type === 'DATA' ? (b.planCode?.toUpperCase() ?? null) : null,
    // An edit from a bill to a line leaves none of the bill behind.
    customerNumber: null,
    meterType: null,
    subscriptionType: null,
    verificationId: null,
    customerName: null,
    ...schedule,
    nextRunAt,
  };
}

/**
 * A bill subscriber's columns once its payment passes a bill payment's checks: the number verified
 * now (a 422 naming the number and the biller when the provider rejects it), the biller assigned
 * and enabled (403), the bouquet known (400), the amount within the biller's limits (400).
 */
async function checkedBill(ctx: AppContext, client: Client, b: Body) {
  const kind = b.type as 'ELECTRICITY' | 'TV';
  const { verification, bouquet } = await priceBill(
    ctx,
    { corporateId: client.corp.id, channel: 'AUTO_TOPUP', userId: null },
    client,
    {
      biller: b.biller!,
      customerNumber: b.customerNumber!,
      meterType: b.meterType,
      amount: b.amount,
      subscriptionType: b.subscriptionType,
      bouquetCode: b.bouquetCode,
      phone: b.phone,
    },
    'ATU-CHECK',
  );
  return {
    network: b.biller!,
    serviceType: kind,
    amountKobo: kind === 'ELECTRICITY' ? (b.amount ?? null) : null,
    // TV with CHANGE: the bouquet's code as the catalogue spells it; RENEW pays what is on the card.
    planCode: kind === 'TV' && b.subscriptionType === 'CHANGE' ? bouquet.code : null,
    customerNumber: b.customerNumber!,
    meterType: kind === 'ELECTRICITY' ? (b.meterType ?? null) : null,
    subscriptionType: kind === 'TV' ? (b.subscriptionType ?? null) : null,
    verificationId: verification.id,
    customerName: verification.customerName,
  };
}

/** What an audit summary says of a subscriber: its phone, and a bill's biller and number. */
const whoOf = (s: SubscriberRow) => ({
  name: s.name,
  phone: s.msisdn,
  ...(s.customerNumber ? { customer: `${s.network} ${s.customerNumber}` } : {}),
});

const defaultTimeOf = async (ctx: AppContext, corporateId: string) =>
  (await findSettings(ctx.db, corporateId))?.defaultTime ?? DEFAULT_TIME;

export async function addSubscriber(
  ctx: AppContext,
  corporateId: string,
  userId: string,
  body: Body,
  rc: RequestContext,
) {
  const client = await clientOf(ctx, corporateId);
  const cols = await checked(ctx, client, body, await defaultTimeOf(ctx, corporateId), new Date());
  return ctx.db.transaction(async (tx) => {
    const [row] = await insertSubscribers(tx, [{ ...cols, corporateId, createdById: userId }]);
    await recordAudit(tx, rc, {
      action: 'auto-topup.subscriber.create',
      targetType: 'auto_topup_subscriber',
      targetId: row.id,
      corporateId,
      summary: { ...whoOf(row), schedule: subscriberOut(row).schedule },
    });
    return subscriberOut(row);
  });
}

/** Runs `change` on the client's subscriber `id`, locked; 404 when it is not the client's. */
async function withSubscriber<T>(
  ctx: AppContext,
  corporateId: string,
  id: string,
  change: (tx: AppContext['db'], s: SubscriberRow) => Promise<T>,
): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    const s = await lockSubscriber(tx, corporateId, id);
    if (!s) throw notFound('Subscriber');
    return change(tx, s);
  });
}

export async function editSubscriber(
  ctx: AppContext,
  corporateId: string,
  id: string,
  body: Body,
  rc: RequestContext,
) {
  const client = await clientOf(ctx, corporateId);
  const cols = await checked(ctx, client, body, await defaultTimeOf(ctx, corporateId), new Date());
  return withSubscriber(ctx, corporateId, id, async (tx, s) => {
    const row = await updateSubscriber(tx, id, { ...cols, nextRunAt: s.paused ? null : cols.nextRunAt });
    await recordAudit(tx, rc, {
      action: 'auto-topup.subscriber.update',
      targetType: 'auto_topup_subscriber',
      targetId: id,
      corporateId,
      summary: {
        before: {
          ...whoOf(s),
          amountKobo: s.amountKobo,
          planCode: s.planCode,
          schedule: subscriberOut(s).schedule,
        },
        after: {
          ...whoOf(row),
          amountKobo: row.amountKobo,
          planCode: row.planCode,
          schedule: subscriberOut(row).schedule,
        },
      },
    });
    return subscriberOut(row);
  });
}

export async function pauseSubscriber(
  ctx: AppContext,
  corporateId: string,
  id: string,
  paused: boolean,
  rc: RequestContext,
) {
  return withSubscriber(ctx, corporateId, id, async (tx, s) => {
    if (s.paused === paused)
      throw badRequest(paused ? 'This subscriber is already paused' : 'This subscriber is not paused');
    let nextRunAt: Date | null = null;
    if (!paused) {
      nextRunAt = nextRunAfter(s, new Date());
      if (!nextRunAt)
        throw badRequest('The date of this one-off top-up has passed: edit it to choose a new date');
    }
    const row = await updateSubscriber(tx, id, { paused, nextRunAt });
    await recordAudit(tx, rc, {
      action: paused ? 'auto-topup.subscriber.pause' : 'auto-topup.subscriber.resume',
      targetType: 'auto_topup_subscriber',
      targetId: id,
      corporateId,
      summary: whoOf(s),
    });
    return subscriberOut(row);
  });
}

export async function removeSubscriber(ctx: AppContext, corporateId: string, id: string, rc: RequestContext) {
  await withSubscriber(ctx, corporateId, id, async (tx, s) => {
    await updateSubscriber(tx, id, { removedAt: new Date(), nextRunAt: null });
    await recordAudit(tx, rc, {
      action: 'auto-topup.subscriber.remove',
      targetType: 'auto_topup_subscriber',
      targetId: id,
      corporateId,
      summary: whoOf(s),
    });
  });
}

export async function importSubscribers(
  ctx: AppContext,
  corporateId: string,
  userId: string,
  csv: string,
  rc: RequestContext,
) {
  const file = readSubscriberCsv(csv);
  if ('error' in file) throw badRequest(file.error);
  const client = await clientOf(ctx, corporateId);
  const defaultTime = await defaultTimeOf(ctx, corporateId);
  const now = new Date();
  const errors: string[] = [];
  const rows: NewSubscriber[] = [];
  for (let i = 0; i < file.rows.length; i++) {
    const rowNo = i + 1;
    const parsed = subscriberSchema.safeParse(subscriberBodyOfCsvRow(file.rows[i]));
    if (!parsed.success) {
      errors.push(`Row ${rowNo}: ${parsed.error.issues.map((x) => x.message).join('; ')}`);
      continue;
    }
    try {
      rows.push({
        ...(await checked(ctx, client, parsed.data, defaultTime, now)),
        corporateId,
        createdById: userId,
      });
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      errors.push(`Row ${rowNo}: ${err.message}`);
    }
  }
  if (errors.length) throw invalidRows(errors, 'no subscriber was added');
  return ctx.db.transaction(async (tx) => {
    const created = await insertSubscribers(tx, rows);
    await recordAudit(tx, rc, {
      action: 'auto-topup.subscriber.import',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { created: created.length, on: lagosDateOf(now) },
    });
    return { created: created.length };
  });
}

type ListQuery = { search?: string; status?: 'ACTIVE' | 'PAUSED'; page: number; limit: number };

/** A page of the client's subscribers, each with its next run. */
export async function subscribersPage(db: AppContext['db'], corporateId: string, q: ListQuery) {
  return listSubscribers(db, { ...q, corporateId });
}

/** An admin's read of one client's subscribers: 404 for an unknown client. */
export async function clientSubscribersPage(db: AppContext['db'], corporateId: string, q: ListQuery) {
  if (!(await corporateSummary(db, corporateId))) throw notFound('Corporate client');
  return subscribersPage(db, corporateId, q);
}
