// The API's import rules (ARCHITECTURE.md), checked over apps/api/src by `npm run lint` through
// scripts/check-structure.mjs. Every relative import of every source file is resolved to the
// file it names; type-only imports count like any other (a tier is a dependency, not a runtime
// detail). Test files and test support (`*.test.ts`, `*.testing.ts`, `*.fixtures.ts`, `test/`)
// may import anything and are not checked.
//
// Tiers: infra (apps/api/src/infra, the bottom), domains (apps/api/src/modules/<name>), and the
// composition (everything else: app.ts, server.ts, routes.ts, jobs.ts, seed.ts, cli/, plugins/).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

export const DOC = 'ARCHITECTURE.md';
const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const TEST_SUPPORT = /\.(test|testing|fixtures)\.(ts|tsx|mjs)$/;

const RULES = {
  fileCycle: `no import cycle between files (${DOC} § The rules, 1)`,
  folderCycle: `no import cycle between folders: modules, infra, plugins, cli (${DOC} § The rules, 1)`,
  infraUp: `infra is the bottom tier and imports no module, plugin or composition file (${DOC} § The rules, 2)`,
  domainUp: `a module imports no plugin or composition file: the audit writer, caller context and request helpers are infra (${DOC} § The rules, 3)`,
  internals: `another module is used only through its index.ts, never its services, repos or other files (${DOC} § The rules, 4)`,
  tables: `only a module's *.repo.ts files read tables (db/schema); routes and services call repos (${DOC} § The rules, 5)`,
  routeRepo: `routes call their module's services, never a repo (${DOC} § The rules, 5)`,
  serviceReexport: `a service does not re-export repository functions: a route reaches a plain read through the module's read service (<name>-reads.service.ts), another module through index.ts (${DOC} § The rules, 5)`,
};

/** A module's read service: the one kind of service that may re-export its repositories' reads. */
export const READ_SERVICE = /(^|-)reads\.service\.ts$/;

/**
 * The re-exports of a source text that carry a value: `export * from 'x'`, or `export { a, type B }
 * from 'x'` naming at least one value; as { spec, names }.
 */
export function valueReexportsOf(text) {
  const out = [];
  for (const m of text.matchAll(
    /(?:^|\n)[ \t]*export[ \t]+(type[ \t]+)?(\*(?:[ \t]+as[ \t]+\w+)?|\{[^}]*\})[ \t\n]*from[ \t]*['"]([^'"]+)['"]/g,
  )) {
    if (m[1]) continue;
    const names = m[2].startsWith('*')
      ? ['*']
      : m[2]
          .slice(1, -1)
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '));
    if (names.length) out.push({ spec: m[3], names });
  }
  return out;
}

export { RULES };

function* walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules' && e.name !== 'test') yield* walk(p);
    } else if (SOURCE.test(e.name) && !TEST_SUPPORT.test(e.name) && !e.name.endsWith('.d.ts')) yield p;
  }
}

const IMPORT =
  /(?:^|\n)[ \t]*(?:import|export)[ \t]+(type[ \t]+)?(?:[^'";]*?[ \t\n]from[ \t]*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The relative imports of a source text: { spec, typeOnly }. */
export function importsOf(text) {
  const out = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[2] ?? m[3];
    if (spec.startsWith('.')) out.push({ spec, typeOnly: Boolean(m[1]) });
  }
  return out;
}

function resolve(from, spec) {
  const base = path.resolve(path.dirname(from), spec).replace(/\.js$/, '');
  for (const c of [base, `${base}.ts`, `${base}.tsx`, `${base}.mjs`, path.join(base, 'index.ts')])
    if (existsSync(c) && statSync(c).isFile()) return c;
  return null;
}

/** Where a file stands: its tier, its folder (the unit of the folder graph) and its module. */
export function placeOf(src, file) {
  const rel = path.relative(src, file).split(path.sep);
  if (rel[0] === 'modules' && rel.length > 2)
    return { tier: 'domain', folder: `modules/${rel[1]}`, module: rel[1], rest: rel.slice(2).join('/') };
  if (rel[0] === 'infra')
    return { tier: 'infra', folder: 'infra', module: null, rest: rel.slice(1).join('/') };
  // A file directly under src (app.ts, routes.ts...) is a unit of its own; cli/ and plugins/ are folders.
  return { tier: 'composition', folder: rel[0], module: null, rest: rel.join('/') };
}

/** Strongly connected components of more than one node (Tarjan). */
function loops(nodes, next) {
  let i = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const out = [];
  const visit = (v) => {
    idx.set(v, i);
    low.set(v, i);
    i++;
    stack.push(v);
    on.add(v);
    for (const w of next(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) out.push(c.sort());
    }
  };
  for (const v of nodes) if (!idx.has(v)) visit(v);
  return out;
}

/** The import graph of `src` (apps/api/src): files, their resolved imports, and the folder graph. */
export function importGraph(src) {
  const files = [...walk(src)];
  const known = new Set(files);
  const edges = new Map();
  for (const f of files) {
    const list = [];
    for (const { spec, typeOnly } of importsOf(readFileSync(f, 'utf8'))) {
      const target = resolve(f, spec);
      if (target && known.has(target)) list.push({ target, spec, typeOnly });
    }
    edges.set(f, list);
  }
  const folderEdges = new Map();
  for (const [f, list] of edges)
    for (const { target } of list) {
      const a = placeOf(src, f).folder;
      const b = placeOf(src, target).folder;
      if (a === b) continue;
      if (!folderEdges.has(a)) folderEdges.set(a, new Map());
      folderEdges.get(a).set(b, (folderEdges.get(a).get(b) ?? 0) + 1);
    }
  const folders = [...new Set(files.map((f) => placeOf(src, f).folder))].sort();
  return { files, edges, folders, folderEdges };
}

/** Every broken rule under `src`, as { rule, file, detail, message }, file paths relative to src. */
export function apiStructureViolations(src) {
  const { files, edges, folders, folderEdges } = importGraph(src);
  const rel = (f) => path.relative(src, f);
  const out = [];
  const add = (rule, file, detail) => out.push({ rule, file, detail, message: RULES[rule] });

  for (const f of files) {
    const from = placeOf(src, f);
    const name = path.basename(f);
    for (const { target, spec } of edges.get(f)) {
      const to = placeOf(src, target);
      const detail = `imports '${spec}'`;
      if (from.tier === 'infra' && to.tier !== 'infra') add('infraUp', rel(f), detail);
      if (from.tier === 'domain' && to.tier === 'composition') add('domainUp', rel(f), detail);
      const foreignModule = to.tier === 'domain' && to.module !== from.module;
      if (foreignModule && to.rest !== 'index.ts') add('internals', rel(f), detail);
      if (
        from.tier === 'domain' &&
        to.tier === 'infra' &&
        to.rest.startsWith('db/schema/') &&
        !/\.repo\.ts$/.test(name)
      )
        add('tables', rel(f), detail);
      if (/\.routes\.ts$/.test(name) && /\.repo\.ts$/.test(target)) add('routeRepo', rel(f), detail);
    }
    if (from.tier === 'domain' && /\.service\.ts$/.test(name) && !READ_SERVICE.test(name))
      for (const { spec, names } of valueReexportsOf(readFileSync(f, 'utf8'))) {
        const target = resolve(f, spec);
        if (target && /\.repo\.ts$/.test(target))
          add('serviceReexport', rel(f), `re-exports ${names.join(', ')} from '${spec}'`);
      }
  }
  for (const c of loops(files, (f) => edges.get(f).map((e) => e.target)))
    add('fileCycle', rel(c[0]), `loop: ${c.map(rel).join(' -> ')}`);
  for (const c of loops(folders, (a) => [...(folderEdges.get(a)?.keys() ?? [])]))
    add('folderCycle', c[0], `loop: ${c.join(', ')}`);
  return out;
}

/** Figures for a note: folders, folders in loops, and imports that run back up a loop. */
export function graphFigures(src) {
  const { folders, folderEdges } = importGraph(src);
  const folderLoops = loops(folders, (a) => [...(folderEdges.get(a)?.keys() ?? [])]);
  let mutualPairs = 0;
  for (const [a, m] of folderEdges)
    for (const b of m.keys()) if (a < b && folderEdges.get(b)?.has(a)) mutualPairs++;
  return {
    folders: folders.length,
    inLoops: folderLoops.reduce((n, c) => n + c.length, 0),
    largestLoop: Math.max(0, ...folderLoops.map((c) => c.length)),
    mutualPairs,
  };
}
