// Helpers for the vending tests: API keys, money in wallets (through the ledger), services
// assigned, calls to the vending API, and the checks run at the end of each file.
import type { Network } from '@vendport/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { checkBooks } from '../../books';
import { newToken, sha256 } from '../../infra/crypto';
import { apiKeys } from '../../infra/db/schema';
import { createCorporate } from '../../test/factories';
import { assignDefaultServices } from '../catalogue/catalogue.service';
import { ensureCorporateAccounts, postTransfer, systemAccountId } from '../ledger/ledger.service';
import { formatLedgerReport } from '../ledger/ledger-check';

let seq = 0;

/**
 * The settings of a test app that vends through the Reloadly stand-in at `url` (signing in with
 * its `credentials`) first, with the simulator behind it (`extra` adds to them: a webhook secret).
 */
export const reloadlyEnv = (
  url: string,
  credentials: { clientId: string; clientSecret: string },
  extra: Record<string, string> = {},
) => ({
  RELOADLY_AUTH_URL: url,
  RELOADLY_BASE_URL: url,
  RELOADLY_CLIENT_ID: credentials.clientId,
  RELOADLY_CLIENT_SECRET: credentials.clientSecret,
  AGGREGATOR_PROVIDERS: 'RELOADLY,SIMULATOR',
  PROVIDER_TIMEOUT_MS: '1500',
  ...extra,
});

/** A client ready to vend: the default services, `kobo` in its wallet, a live API key. */
export async function vendingClient(app: FastifyInstance, name: string, kobo = 10_000_000) {
  const corp = await createCorporate(app, { name });
  await assignDefaults(app, corp.corporateId);
  await fund(app, corp.corporateId, kobo);
  return { corp, key: await apiKeyFor(app, corp.corporateId) };
}

/** A live or test API key for a corporate (as the auth module mints them). */
export async function apiKeyFor(
  app: FastifyInstance,
  corporateId: string,
  mode: 'LIVE' | 'TEST' = 'LIVE',
): Promise<string> {
  const key = newToken(mode === 'LIVE' ? 'vpk_live_' : 'vpk_test_');
  // One active key per mode, as after a reset: the previous one stops working.
  await app.ctx.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.corporateId, corporateId), eq(apiKeys.mode, mode), isNull(apiKeys.revokedAt)));
  await app.ctx.db.insert(apiKeys).values({
    corporateId,
    mode,
    keyHash: sha256(key),
    keyEnc: app.ctx.sealer.seal(key),
    last4: key.slice(-4),
  });
  return key;
}

/** Credits a corporate's wallet (or sandbox wallet) through the ledger, as an admin funding would. */
export async function fund(
  app: FastifyInstance,
  corporateId: string,
  kobo: number,
  wallet: 'WALLET' | 'SANDBOX' = 'WALLET',
) {
  const db = app.ctx.db;
  const accounts = await ensureCorporateAccounts(db, corporateId);
  const source = await systemAccountId(db, wallet === 'WALLET' ? 'MANUAL_ADJUSTMENT' : 'SANDBOX_SOURCE');
  await postTransfer(db, {
    kind: 'ADJUSTMENT',
    reference: `test-funding:${corporateId}:${Date.now()}:${++seq}`,
    description: 'Test funding',
    corporateId,
    entries: [
      { accountId: source, amountKobo: -kobo },
      { accountId: wallet === 'WALLET' ? accounts.wallet : accounts.sandboxWallet, amountKobo: kobo },
    ],
  });
}

export async function assignDefaults(app: FastifyInstance, corporateId: string) {
  await assignDefaultServices(app.ctx.db, corporateId);
}

/** Clients ready to vend and pay bills: the default services and billers assigned, the wallet funded. */
export async function readyClients(app: FastifyInstance, corporateIds: string[], kobo: number) {
  for (const id of corporateIds) {
    await assignDefaults(app, id);
    await fund(app, id, kobo);
  }
}

export interface ApiVendArgs {
  reference?: string;
  phone?: string;
  network?: Network;
  type?: 'AIRTIME' | 'DATA';
  amount?: string | number;
  planCode?: string;
}

let refSeq = 0;
export const newRef = (tag = 'REF') => `${tag}-${Date.now().toString(36)}-${++refSeq}`;

/**
 * Bill payments (issue 51) on the sandbox numbers the simulator and the VTpass stand-in share
 * (BILL_SANDBOX_NUMBERS): a prepaid meter (1111111111111 pays with a token), a DStv renewal.
 */
export const prepaidBill = (amount: string, customerNumber = '1111111111111') => ({
  biller: 'IKEDC',
  customerNumber,
  meterType: 'PREPAID',
  amount,
  phone: '08031234567',
});
export const tvRenewal = (customerNumber = '1212121212') => ({
  biller: 'DSTV',
  customerNumber,
  subscriptionType: 'RENEW',
  phone: '08031234567',
});

export function apiVend(
  app: FastifyInstance,
  key: string,
  body: ApiVendArgs,
  opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/api/vend',
    headers: { 'x-api-key': key, ...opts.headers },
    remoteAddress: opts.remoteAddress,
    payload: { reference: newRef(), phone: '08031234567', type: 'AIRTIME', amount: '100', ...body },
  });
}

export async function balances(app: FastifyInstance, corporateId: string) {
  const rows = await app.ctx.dbHandle.query<{ kind: string; balance_kobo: string }>(
    'select kind, balance_kobo::text from ledger_accounts where corporate_id = $1',
    [corporateId],
  );
  const of = (k: string) => Number(rows.find((r) => r.kind === k)?.balance_kobo ?? 0);
  return { wallet: of('WALLET'), sandbox: of('SANDBOX_WALLET'), commission: of('COMMISSION') };
}

export async function systemBalance(app: FastifyInstance, kind: string) {
  const rows = await app.ctx.dbHandle.query<{ balance_kobo: string }>(
    'select balance_kobo::text from ledger_accounts where code = $1',
    [`SYSTEM:${kind}`],
  );
  return Number(rows[0]?.balance_kobo ?? 0);
}

/** The ledger's invariants and the vending ones; throws with the report when any fails. */
export async function expectBooksBalanced(app: FastifyInstance) {
  const report = await checkBooks(app.ctx.db);
  if (!report.ok) throw new Error(formatLedgerReport(report));
}

/** A statement the app sends, as the database client receives it. */
export interface SentQuery {
  text: string;
  values: unknown[] | undefined;
  /** Sends it on to the database. */
  send: () => Promise<unknown>;
}

/**
 * Runs `fn` with every statement the app sends passed through `around` (which sends it, or not,
 * and may fail it as a lost connection would); the client is restored afterwards.
 */
export async function withQueriesThrough<T>(
  app: FastifyInstance,
  around: (q: SentQuery) => Promise<unknown>,
  fn: () => Promise<T>,
): Promise<T> {
  type Query = (...args: unknown[]) => Promise<unknown>;
  const client = (app.ctx.db as unknown as { $client: { query: Query } }).$client;
  const original = client.query;
  client.query = (...args: unknown[]) => {
    const first = args[0] as string | { text: string; values?: unknown[] };
    return around({
      text: typeof first === 'string' ? first : first.text,
      values: (typeof first === 'string' ? args[1] : first.values) as unknown[] | undefined,
      send: () => original.apply(client, args),
    });
  };
  try {
    return await fn();
  } finally {
    client.query = original;
  }
}
