// Test helpers for the money modules: calls through app.inject, and direct ledger moves for
// setting a wallet up. Used by the *.test.ts files of ledger, wallet, funding and clients.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { corporates } from '../../infra/db/schema';
import { TEST_PASSWORD, type TestUser } from '../../test/factories';
import { postTransfer, systemAccountId, walletAccountId } from '../ledger/ledger.service';

export const call = (app: FastifyInstance, user: TestUser | null, opts: InjectOptions) =>
  app.inject({ ...opts, headers: { ...(user ? user.headers : {}), ...(opts.headers ?? {}) } });

/** Puts money in (or, negative, takes it out of) a wallet through the ledger, as a test setup. */
export async function seedWallet(app: FastifyInstance, corporateId: string, amountKobo: number) {
  const db = app.ctx.db;
  return postTransfer(db, {
    kind: 'ADJUSTMENT',
    reference: `test-seed:${randomBytes(8).toString('hex')}`,
    description: 'test setup',
    corporateId,
    entries: [
      { accountId: await walletAccountId(db, corporateId), amountKobo },
      { accountId: await systemAccountId(db, 'MANUAL_ADJUSTMENT'), amountKobo: -amountKobo },
    ],
  });
}

export async function walletBalance(app: FastifyInstance, corporateId: string): Promise<number> {
  const rows = await app.ctx.dbHandle.query<{ balance_kobo: string | number }>(
    'select balance_kobo from ledger_accounts where code = $1',
    [`WALLET:${corporateId}`],
  );
  return rows.length ? Number(rows[0].balance_kobo) : 0;
}

export async function setCorporate(
  app: FastifyInstance,
  corporateId: string,
  set: Partial<typeof corporates.$inferInsert>,
) {
  await app.ctx.db.update(corporates).set(set).where(eq(corporates.id, corporateId));
}

export async function creditTransfersFor(
  app: FastifyInstance,
  sourceType: string,
  sourceId: string,
): Promise<number> {
  const rows = await app.ctx.dbHandle.query<{ n: number }>(
    'select count(*)::int as n from ledger_transfers where source_type = $1 and source_id = $2',
    [sourceType, sourceId],
  );
  return Number(rows[0].n);
}

export const uniqueRef = (p = 'TRF') => `${p}${randomBytes(5).toString('hex').toUpperCase()}`;

export async function createFundRequest(
  app: FastifyInstance,
  user: TestUser,
  amount: string,
  url = '/api/v1/fund-request',
) {
  const res = await call(app, user, {
    method: 'POST',
    url,
    payload: { amount, transferReference: uniqueRef() },
  });
  if (res.statusCode !== 201) throw new Error(`fund request failed: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: string; code: string; amountKobo: number; status: string };
}

export const approve = (
  app: FastifyInstance,
  admin: TestUser,
  fundRequestId: string,
  password = TEST_PASSWORD,
) =>
  call(app, admin, {
    method: 'POST',
    url: '/api/v1/corporates-transactions/approve',
    payload: { fundRequestId, password },
  });

export interface MultipartFile {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart body with fields and files (one, several, or none). */
/** A multipart body; a field given a list is sent once per value, in order. */
export function multipart(fields: Record<string, string | string[]>, file?: MultipartFile | MultipartFile[]) {
  const boundary = `----vp${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, vs] of Object.entries(fields)) {
    for (const v of [vs].flat())
      parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of file ? (Array.isArray(file) ? file : [file]) : []) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'proof'}"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(64),
]);
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

/**
 * A card payment of `amount` (naira) paid on the simulator's checkout (its callback credits the
 * wallet), then reversed by the gateway (the simulator's refund, by an admin who may fund wallets).
 * Returns its CP- reference.
 */
export async function cardPaymentReversed(
  app: FastifyInstance,
  c: TestUser,
  admin: TestUser,
  amount: string,
) {
  const init = await call(app, c, {
    method: 'POST',
    url: '/api/v1/fund/card/initialize',
    payload: { amount },
  });
  if (init.statusCode !== 201) throw new Error(`card initialize: ${init.body}`);
  const cp = init.json().data.reference as string;
  const paid = await app.inject({
    method: 'POST',
    url: `/api/v1/gateway-sim/checkout/${cp}/pay`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  if (paid.statusCode !== 303) throw new Error(`card checkout: ${paid.statusCode}`);
  return {
    cp,
    reverse: () => call(app, admin, { method: 'POST', url: `/api/v1/gateway-sim/payments/${cp}/reverse` }),
  };
}
