// Helpers for the auto top-up tests: a client with money, services and auto top-up on, its
// subscribers, making them due, and reading what the scheduler left behind.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { corporates } from '../../infra/db/schema';
import { createCorporate, type TestUser } from '../../test/factories';
import { assignDefaults, fund } from '../vending/vending.testing';

export type Client = TestUser & { corporateId: string };

export const call = (
  app: FastifyInstance,
  method: string,
  url: string,
  u: Client | TestUser,
  payload?: unknown,
) =>
  app.inject({
    method: method as 'GET',
    url: `/api/v1/${url}`,
    headers: u.headers,
    payload: payload as object,
  });

export const SETTINGS = {
  enabled: true,
  defaultTime: '08:00',
  dailyCap: null as string | null,
  monthlyCap: null as string | null,
  insufficientFundsPolicy: 'SKIP_NOTIFY',
};

/** A client with services, `walletKobo` in its wallet and auto top-up on (platform and client). */
export async function autoTopupClient(
  app: FastifyInstance,
  walletKobo: number,
  settings: Partial<typeof SETTINGS> = {},
): Promise<Client> {
  const c = await createCorporate(app);
  await assignDefaults(app, c.corporateId);
  if (walletKobo) await fund(app, c.corporateId, walletKobo);
  await app.ctx.db.update(corporates).set({ autoTopUpEnabled: true }).where(eq(corporates.id, c.corporateId));
  const res = await call(app, 'POST', 'auto-topup/settings', c, { ...SETTINGS, ...settings });
  if (res.statusCode !== 200) throw new Error(`settings: ${res.body}`);
  return c;
}

let phoneSeq = 1000;
/** A fresh MTN number (0803...), so runs of different subscribers never share a phone. */
export const freshPhone = () => `0803${String(++phoneSeq).padStart(7, '0')}`;

export async function addSubscriber(app: FastifyInstance, c: Client, body: Record<string, unknown> = {}) {
  const res = await call(app, 'POST', 'auto-topup/subscribers', c, {
    name: 'Ada Obi',
    phone: freshPhone(),
    type: 'AIRTIME',
    amount: '100',
    frequency: 'DAILY',
    ...body,
  });
  if (res.statusCode !== 200) throw new Error(`add subscriber: ${res.body}`);
  return res.json().data as { id: string; nextRunAt: string | null; phone: string; network: string };
}

/** Makes subscribers due a minute ago (as if their time had come). */
export async function makeDue(app: FastifyInstance, ids: string[], at = new Date(Date.now() - 60_000)) {
  const due = new Date(Math.floor(at.getTime() / 60_000) * 60_000);
  await app.ctx.dbHandle.query(
    'update auto_topup_subscribers set next_run_at = $1 where id = any($2::uuid[])',
    [due.toISOString(), ids],
  );
  return due;
}

export async function runsOf(app: FastifyInstance, corporateId: string) {
  return app.ctx.dbHandle.query<{
    id: string;
    subscriber_id: string;
    status: string;
    reason: string | null;
    vend_id: string | null;
    attempts: number;
    retry_at: Date;
    reference: string;
  }>('select * from auto_topup_runs where corporate_id = $1 order by created_at', [corporateId]);
}

export async function autoVendsOf(app: FastifyInstance, corporateId: string) {
  return app.ctx.dbHandle.query<{
    id: string;
    reference: string;
    status: string;
    amount_kobo: string;
    channel: string;
  }>(
    `select id, reference, status, amount_kobo::text, channel from vends where corporate_id = $1 and channel = 'AUTO_TOPUP'`,
    [corporateId],
  );
}
