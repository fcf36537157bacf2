// The API's entry points (server.ts, a CLI) bundled into one file each, for the tests that start
// them as processes again and again: crash-safety.test.ts (21 server starts) and the e2e setup
// (a server per shard and per journey that wants its own, a ledger check after each, the
// template's migrations). Node then loads one file, where `node --import tsx` resolves and
// compiles every source module at each start: a server start ~2.0-2.3 s of CPU instead of
// ~3.8-4.8 s, a ledger check ~1.5-1.8 s instead of ~3.7-4.0 s (measured with /proc utime+stime).
// The same program: the sources as they are, compiled by esbuild as tsx compiles them, each
// package (node_modules) left outside and loaded by node from the same node_modules as under tsx
// (the bundles are written under the repository, so package resolution finds the same ones), the
// workspace's own package (@vendport/shared) compiled in as source, and each source's
// import.meta.url (dirname, filename) its own file's, so what it finds beside itself (the
// migrations, the PGlite worker) is found as under tsx. `npm start` itself still runs under tsx
// (scripts/server-command.mjs); crash-safety's first test starts it exactly so.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const SRC = path.resolve(import.meta.dirname, '..');

/**
 * Bundles `entries` (name → path under apps/api/src) into `outdir` as `<name>.mjs` with a linked
 * source map (run them with `node --enable-source-maps`: stack traces then name the .ts files, as
 * under tsx), and returns each bundle's path by name. A file whose bytes did not change is left as
 * it is, and one that did is written under another name and renamed: processes bundling into one
 * folder at once (the e2e shards) never run a half-written one.
 */
export async function bundleEntries<N extends string>(
  entries: Record<N, string>,
  outdir: string,
): Promise<Record<N, string>> {
  const made = await build({
    entryPoints: Object.fromEntries(
      Object.entries<string>(entries).map(([name, file]) => [name, path.join(SRC, file)]),
    ),
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    sourcemap: 'linked',
    write: false,
    logLevel: 'warning',
    plugins: [
      {
        name: 'sources-as-they-are',
        setup(b) {
          // Packages stay outside; the workspace's own (@vendport/shared) is source and goes in.
          b.onResolve({ filter: /^[^./]/ }, (a) =>
            a.path.startsWith('@vendport/') ? undefined : { path: a.path, external: true },
          );
          b.onLoad({ filter: /\.(ts|mjs|js)$/ }, (a) => {
            const source = readFileSync(a.path, 'utf8');
            if (!/\bimport\.meta\.(url|dirname|filename)\b/.test(source)) return undefined;
            return {
              contents: source.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, k: string) =>
                JSON.stringify(
                  k === 'url' ? pathToFileURL(a.path).href : k === 'dirname' ? path.dirname(a.path) : a.path,
                ),
              ),
              loader: a.path.endsWith('.ts') ? 'ts' : 'js',
              resolveDir: path.dirname(a.path),
            };
          });
        },
      },
    ],
  });
  mkdirSync(outdir, { recursive: true });
  for (const file of made.outputFiles) {
    if (existsSync(file.path) && readFileSync(file.path).equals(file.contents)) continue;
    const next = `${file.path}.${process.pid}`;
    writeFileSync(next, file.contents);
    renameSync(next, file.path);
  }
  return Object.fromEntries(
    Object.keys(entries).map((name) => [name, path.join(outdir, `${name}.mjs`)]),
  ) as Record<N, string>;
}
