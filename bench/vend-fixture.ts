// The benchmark's database side, run with tsx by bench/vend.mjs (the app's own code, so the
// fixture is exactly what production would hold):
//   seed <n>   migrate, seed, create n corporate clients with a large funded wallet, the default
//              services and a live API key; prints {"keys": [...]} as JSON. With
//              BENCH_RATE_LIMITS="keyPerS,keyBurst,clientPerS,clientBurst" the clients get those
//              API rate limits of their own (issue 34: the admin's per-client override); without
//              it, the platform's defaults apply.
//   check      the ledger and vending invariants; prints the report, exits 1 on any violation.
// The database is DATABASE_URL, or PGlite under DATA_DIR.
import { randomBytes } from 'node:crypto';
import { checkBooks } from '../apps/api/src/books';
import { loadConfig } from '../apps/api/src/infra/config';
import { newToken, Sealer, sha256 } from '../apps/api/src/infra/crypto';
import { openDb } from '../apps/api/src/infra/db/client';
import { runMigrations } from '../apps/api/src/infra/db/migrate';
import { apiKeys, corporates } from '../apps/api/src/infra/db/schema';
import { dbTargetOf } from '../apps/api/src/infra/db/target';
import { ensureSystemRoles } from '../apps/api/src/modules/auth';
import {
  assignDefaultServices,
  ensureDefaultCatalogue,
} from '../apps/api/src/modules/catalogue/catalogue.service';
import {
  ensureCorporateAccounts,
  ensureSystemAccounts,
  postTransfer,
  systemAccountId,
} from '../apps/api/src/modules/ledger/ledger.service';
import { formatLedgerReport } from '../apps/api/src/modules/ledger/ledger-check';

const [command, arg] = process.argv.slice(2);
const config = loadConfig();
const handle = await openDb(dbTargetOf(config));
const db = handle.db;

try {
  if (command === 'seed') {
    const secret = process.env.APP_SECRET;
    if (!secret) throw new Error('APP_SECRET is required (the keys are sealed with it)');
    const sealer = new Sealer(secret);
    await runMigrations(handle);
    await ensureSystemRoles(db);
    await ensureDefaultCatalogue(db);
    await ensureSystemAccounts(db);
    const source = await systemAccountId(db, 'MANUAL_ADJUSTMENT');
    const keys: string[] = [];
    const limits = process.env.BENCH_RATE_LIMITS
      ? process.env.BENCH_RATE_LIMITS.split(',').map(Number)
      : null;
    if (limits && (limits.length !== 4 || limits.some((n) => !Number.isInteger(n) || n < 1)))
      throw new Error('BENCH_RATE_LIMITS is keyPerS,keyBurst,clientPerS,clientBurst (positive integers)');
    const override = limits
      ? {
          rateKeyPerS: limits[0],
          rateKeyBurst: limits[1],
          rateClientPerS: limits[2],
          rateClientBurst: limits[3],
        }
      : {};
    for (let i = 0; i < Number(arg ?? 1); i++) {
      const tag = randomBytes(4).toString('hex');
      const [c] = await db
        .insert(corporates)
        .values({
          name: `Bench ${tag} Ltd`,
          email: `bench-${tag}@bench.vendport`,
          msisdn: '+2348031234567',
          ...override,
        })
        .returning({ id: corporates.id });
      await assignDefaultServices(db, c.id);
      const accounts = await ensureCorporateAccounts(db, c.id);
      await postTransfer(db, {
        kind: 'ADJUSTMENT',
        reference: `bench-funding:${c.id}`,
        description: 'Benchmark funding',
        corporateId: c.id,
        entries: [
          { accountId: source, amountKobo: -100_000_000_000 },
          { accountId: accounts.wallet, amountKobo: 100_000_000_000 },
        ],
      });
      const key = newToken('vpk_live_');
      await db.insert(apiKeys).values({
        corporateId: c.id,
        mode: 'LIVE',
        keyHash: sha256(key),
        keyEnc: sealer.seal(key),
        last4: key.slice(-4),
      });
      keys.push(key);
    }
    console.log(JSON.stringify({ keys }));
  } else if (command === 'check') {
    const report = await checkBooks(db);
    console.log(formatLedgerReport(report));
    const [{ n }] = (await handle.query<{ n: number }>(
      "select count(*)::int as n from vends where status = 'SUCCESSFUL'",
    )) as Array<{ n: number }>;
    console.log(`Successful vends in the database: ${n}`);
    process.exitCode = report.ok ? 0 : 1;
  } else {
    throw new Error('usage: vend-fixture.ts seed <n> | check');
  }
} finally {
  await handle.close();
}
