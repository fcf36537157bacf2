// Every table (and view) of the API has one owner: the module, or the one infrastructure file,
// whose code alone reads and writes it. Any other code asks the owner through the functions its
// index.ts exports. foreignTableUses() finds the code that does not: a Drizzle table imported
// from db/schema, or a table named in raw SQL (sql`` text), outside its owner.
// Owners are `modules/<name>` (its subfolders included) or, in infra/, one file. Tests and their
// support files (*.test.ts, *.testing.ts, *.fixtures.ts, src/test/), which seed through tables, are
// not scanned. The database's functions and triggers (apps/api/sql, scripts/sql-functions.mjs) are:
// foreignFunctionWrites() finds a function that writes a table neither its owner's nor allowed to
// it by FUNCTION_FOREIGN_WRITES.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sqlFunctionFiles } from './sql-functions.mjs';

/**
 * SQL name -> owner. Choices worth a word:
 * - identity (users, roles, sessions, auth_codes, login_attempts) and API access (api_keys,
 *   api_access_generation) belong to modules/auth: it creates users, checks every
 *   session and key on every request; admin's user and role screens are use cases it asks auth for.
 * - corporates belongs to modules/corporates, the client directory, which imports no module: the
 *   clients module (onboarding, lifecycle, credit terms) and every other module ask it. Statements
 *   of other modules that show a client's name or need its terms in the same round trip (the vend's
 *   terms, the API-key lookup) embed SQL that corporates/index.ts exports, as catalogue does for
 *   services. (Owned by clients, it made a loop: clients uses auth, ledger and others, which all
 *   need a client's row.)
 * - ip_allowlist belongs to modules/ip-allowlist, which manages it; the API-key lookup embeds its SQL.
 * - outbox_emails: infra/mailer.ts is its one writer (infrastructure); readers ask it.
 * - jobs: infra/queue.ts, the queue.
 * - audit_logs: infra/audit.ts, the audit writer, the one file that inserts them. The admin's
 *   audit trail is read through the same file (listAuditLogs): one owner, no reader exception.
 * - roll-ups (vend_daily_totals ...) belong to modules/reports, which builds them.
 * - views are owned by the module that publishes them.
 */
export const TABLE_OWNERS = {
  // identity and access
  corporates: 'modules/corporates',
  users: 'modules/auth',
  roles: 'modules/auth',
  sessions: 'modules/auth',
  auth_codes: 'modules/auth',
  login_attempts: 'modules/auth',
  api_keys: 'modules/auth',
  api_access_generation: 'modules/auth',
  ip_allowlist: 'modules/ip-allowlist',
  api_rate_buckets: 'modules/rate-limits',
  api_rate_refusals: 'modules/rate-limits',
  verification_documents: 'modules/verification',
  // money
  ledger_accounts: 'modules/ledger',
  ledger_transfers: 'modules/ledger',
  ledger_entries: 'modules/ledger',
  fund_requests: 'modules/funding',
  card_payments: 'modules/funding',
  admin_fundings: 'modules/funding',
  card_receivables: 'modules/funding',
  gateway_sim_payments: 'modules/funding',
  dedicated_accounts: 'modules/funding',
  auto_transfers: 'modules/funding',
  card_money_events: 'modules/funding',
  card_disputes: 'modules/funding',
  gateway_recon_runs: 'modules/funding',
  gateway_discrepancies: 'modules/funding',
  commission_settlements: 'modules/commissions',
  // vending
  vends: 'modules/vending',
  vend_events: 'modules/vending',
  vend_attempts: 'modules/vending',
  vend_bills: 'modules/vending',
  bill_verifications: 'modules/vending',
  vend_discrepancies: 'modules/vending',
  provider_reconciliations: 'modules/vending',
  provider_plans: 'modules/catalogue',
  bill_bouquets: 'modules/catalogue',
  platform_providers: 'modules/providers',
  provider_balances: 'modules/providers',
  provider_health: 'modules/providers',
  provider_calls: 'modules/providers',
  services: 'modules/catalogue',
  service_assignments: 'modules/catalogue',
  data_plans: 'modules/catalogue',
  vtu_lines: 'modules/vtu',
  vtu_fundings: 'modules/vtu',
  auto_topup_settings: 'modules/auto-topup',
  auto_topup_subscribers: 'modules/auto-topup',
  auto_topup_runs: 'modules/auto-topup',
  auto_topup_spend: 'modules/auto-topup',
  webhook_endpoints: 'modules/webhooks',
  webhook_deliveries: 'modules/webhooks',
  webhook_attempts: 'modules/webhooks',
  // reporting and settings
  vend_daily_totals: 'modules/reports',
  vend_client_daily_totals: 'modules/reports',
  vend_client_detail_totals: 'modules/reports',
  vend_client_weekly_totals: 'modules/reports',
  vend_rollup_days: 'modules/reports',
  vend_rollup_weeks: 'modules/reports',
  // views (migrations): the reports' read model of live vends
  report_live_vends: 'modules/reports',
  // the vtu module's read model of the vends that used a line's float
  vtu_float_vends: 'modules/vtu',
  // the notifications module's read model of users (recipients)
  notification_users: 'modules/notifications',
  // reconciliation's read model of the codes people see (a statement's references, issue 36)
  statement_fund_request_codes: 'modules/reconciliation',
  statement_vend_codes: 'modules/reconciliation',
  statement_admin_funding_codes: 'modules/reconciliation',
  statement_auto_transfer_codes: 'modules/reconciliation',
  statement_card_receivable_codes: 'modules/reconciliation',
  statements: 'modules/reconciliation',
  reconciliation_settings: 'modules/reconciliation',
  platform_settings: 'modules/platform',
  balance_alerts: 'modules/balance-alerts',
  notifications: 'modules/notifications',
  notification_preferences: 'modules/notifications',
  // infrastructure
  outbox_emails: 'infra/mailer.ts',
  jobs: 'infra/queue.ts',
  audit_logs: 'infra/audit.ts',
};

/**
 * The tables of another owner that an owner's database functions (apps/api/sql) may write, each
 * with why. Anything else a function writes must be its owner's own.
 */
export const FUNCTION_FOREIGN_WRITES = {
  'modules/vending': {
    // vend_record_and_debit_set records a batch of vends with their debits in ONE statement of
    // data-modifying CTEs (migration 0019, issue 17: ledger_post per vend was the server's
    // ceiling); ledger_post (the ledger's own mover) is what the fallback, _each, calls.
    ledger_transfers: 'the vend batch debit writes its transfers in the statement that records the vends',
    ledger_entries: 'the vend batch debit writes its entries in the statement that records the vends',
    ledger_accounts: 'the vend batch debit updates each account once with the batch net amount',
  },
  'modules/webhooks': {
    // webhook_enqueue is the one text that queues a vend's webhook (migration 0025): the delivery
    // and the job that sends it, in the vend's own statement.
    jobs: 'a webhook delivery is queued with the job that sends it, in one statement',
  },
};

const SKIPPED = /\.(test|testing|fixtures)\.ts$/;

function* sources(dir, root) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    const rel = path.relative(root, p).split(path.sep).join('/');
    if (e.isDirectory()) {
      if (rel !== 'infra/db/schema' && rel !== 'test') yield* sources(p, root);
    } else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') && !SKIPPED.test(e.name)) yield p;
  }
}

/** The owner unit of a source file: `modules/<name>`, else its path under src. */
export function unitOf(rel) {
  const m = /^modules\/([^/]+)\//.exec(rel);
  return m ? `modules/${m[1]}` : rel;
}

function ownerMatches(owner, unit, rel) {
  return owner === unit || owner === rel;
}

/** Drizzle identifier -> SQL name, read from infra/db/schema/*.ts (`export const x = pgTable('name'`). */
export function schemaTables(apiSrcRoot) {
  const dir = path.join(apiSrcRoot, 'infra/db/schema');
  const out = new Map();
  let names = [];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const n of names.filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(path.join(dir, n), 'utf8');
    for (const m of text.matchAll(
      /export const (\w+)\s*=\s*pg(?:Table|View|MaterializedView)\(\s*['"](\w+)['"]/g,
    ))
      out.set(m[1], m[2]);
  }
  return out;
}

const lineOf = (text, index) => text.slice(0, index).split('\n').length;

/**
 * The SQL text in a source file: every template literal tagged `sql` (sql`...`, sql<T>`...`,
 * sql.raw(`...`)), and every other string or template literal that starts like a statement
 * (select, insert, update, delete, with), as { body, index } with interpolations blanked.
 */
export function sqlTexts(text) {
  const out = [];
  const STATEMENT = /^\s*\(?\s*(select|insert|update|delete|with)\b/i;
  // Reads the literal opened at text[i] (a quote or a backtick) and returns its end.
  const literal = (i, tagged) => {
    const q = text[i];
    let body = '';
    let j = i + 1;
    for (; j < text.length && text[j] !== q; j++) {
      if (text[j] === '\\') {
        body += text.slice(j, j + 2);
        j++;
      } else if (q === '`' && text[j] === '$' && text[j + 1] === '{') {
        body += ' ';
        j = code(j + 2, '}');
      } else body += text[j];
    }
    if (tagged || STATEMENT.test(body)) out.push({ body, index: i });
    return j;
  };
  // Walks code from i until the unmatched `close` (or the end); returns its index.
  const code = (i, close) => {
    let depth = 0;
    for (; i < text.length; i++) {
      const c = text[i];
      if (c === '/' && text[i + 1] === '/')
        i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
      else if (c === '/' && text[i + 1] === '*') i = text.indexOf('*/', i + 2) + 1 || text.length;
      else if (c === "'" || c === '"' || c === '`') {
        const before = text.slice(Math.max(0, i - 40), i);
        i = literal(i, c === '`' && /\bsql(?:<[^`]*>)?(?:\.raw\(\s*)?$/.test(before));
      } else if (c === '{') depth++;
      else if (c === '}') {
        if (depth === 0 && close === '}') return i;
        depth--;
      }
    }
    return i;
  };
  code(0, null);
  return out;
}

/**
 * Every use of a table outside its owner under `apiSrcRoot` (apps/api/src), as
 * { file, line, table, owner, via: 'drizzle' | 'sql' }, in file order.
 */
export function foreignTableUses(apiSrcRoot, owners = TABLE_OWNERS) {
  const byIdent = schemaTables(apiSrcRoot);
  const sqlNames = new Set([...Object.keys(owners), ...byIdent.values()]);
  const schemaDir = path.join(apiSrcRoot, 'infra/db/schema');
  const found = [];
  for (const file of sources(apiSrcRoot, apiSrcRoot)) {
    const rel = path.relative(apiSrcRoot, file).split(path.sep).join('/');
    const unit = unitOf(rel);
    const text = readFileSync(file, 'utf8');
    const report = (table, index, via) => {
      const owner = owners[table] ?? '(no owner)';
      if (!ownerMatches(owner, unit, rel))
        found.push({ file: rel, line: lineOf(text, index), table, owner, via });
    };
    const fromSchema = (spec) => {
      if (!spec.startsWith('.')) return false;
      const abs = path.resolve(path.dirname(file), spec);
      return abs === schemaDir || abs.startsWith(schemaDir + path.sep);
    };
    // import { a, b as c } from '../db/schema' / import * as schema from '../db/schema'
    for (const m of text.matchAll(/import\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/g)) {
      if (m[1] || !fromSchema(m[3])) continue;
      const clause = m[2];
      const ns = /\*\s+as\s+(\w+)/.exec(clause);
      if (ns) {
        for (const u of text.matchAll(new RegExp(`\\b${ns[1]}\\.(\\w+)`, 'g'))) {
          const table = byIdent.get(u[1]);
          if (table) report(table, u.index, 'drizzle');
        }
      }
      const named = /\{([^}]*)\}/.exec(clause);
      for (const part of named ? named[1].split(',') : []) {
        const name = part.trim().replace(/^type\s+/, '');
        if (!name || part.trim().startsWith('type ')) continue;
        const table = byIdent.get(name.split(/\s+as\s+/)[0].trim());
        if (table) report(table, m.index, 'drizzle');
      }
    }
    for (const u of sqlTableNames(text, sqlNames)) report(u.table, u.index, 'sql');
  }
  return found;
}

/** The tables (of `names`) named in a source text's SQL, as { table, index }. */
function sqlTableNames(text, names) {
  const out = [];
  for (const t of sqlTexts(text)) {
    for (const m of t.body.matchAll(/\b(?:from|join|into|update|table)\s+(?:only\s+)?"?(\w+)"?/gi)) {
      const table = m[1].toLowerCase();
      if (names.has(table)) out.push({ table, index: t.index });
    }
  }
  return out;
}

/**
 * Module files that name tables in SQL text though they are not repositories, and why each may:
 * the books checks, each a list of invariants written as the SQL that finds a breach (books.ts
 * runs them), read as one page beside the others rather than split into a repo.
 */
export const SQL_TEXT_EXCEPTIONS = {
  'modules/ledger/ledger-check.ts': 'the ledger books check: its invariants as SQL',
  'modules/funding/funding.check.ts': 'the funding books check: its invariants as SQL',
  'modules/vending/vending.check.ts': 'the vending books check: its invariants as SQL',
  'modules/commissions/commissions.check.ts': 'the commissions books check: its invariants as SQL',
};

/**
 * Every table named in SQL text in a module file that is not a `*.repo.ts` (rule 5: only a
 * module's repositories read tables, in SQL text as through Drizzle) nor in `exceptions`, as
 * { file, line, table }. infra's owners (queue.ts, mailer.ts, audit.ts) are files of their own.
 */
export function sqlOutsideRepos(apiSrcRoot, owners = TABLE_OWNERS, exceptions = SQL_TEXT_EXCEPTIONS) {
  const names = new Set([...Object.keys(owners), ...schemaTables(apiSrcRoot).values()]);
  const found = [];
  for (const file of sources(apiSrcRoot, apiSrcRoot)) {
    const rel = path.relative(apiSrcRoot, file).split(path.sep).join('/');
    if (!rel.startsWith('modules/') || rel.endsWith('.repo.ts') || exceptions[rel]) continue;
    const text = readFileSync(file, 'utf8');
    for (const u of sqlTableNames(text, names))
      found.push({ file: rel, line: lineOf(text, u.index), table: u.table });
  }
  return found;
}

/**
 * Every write of a database function (apps/api/sql under `base`, the repository) that its owner may
 * not make, as { file, table, owner, tableOwner }; a file whose first line names no owner, or an
 * owner with no code under apps/api/src, is reported with table null.
 */
export function foreignFunctionWrites(base, owners = TABLE_OWNERS, allowed = FUNCTION_FOREIGN_WRITES) {
  const found = [];
  for (const f of sqlFunctionFiles(base)) {
    const src = path.join(base, 'apps/api/src');
    if (!f.owner || !(existsSync(path.join(src, f.owner)) || existsSync(path.join(src, `${f.owner}.ts`)))) {
      found.push({ file: f.file, table: null, owner: f.owner, tableOwner: null });
      continue;
    }
    for (const table of f.writes) {
      const tableOwner = owners[table] ?? '(no owner)';
      if (tableOwner !== f.owner && !allowed[f.owner]?.[table])
        found.push({ file: f.file, table, owner: f.owner, tableOwner });
    }
  }
  return found;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const src = path.resolve(import.meta.dirname, '../apps/api/src');
  const uses = foreignTableUses(src);
  for (const u of uses) console.log(`${u.file}:${u.line}  ${u.table} (${u.via}) belongs to ${u.owner}`);
  console.log(`${uses.length} foreign table uses`);
  process.exit(uses.length ? 1 : 0);
}
