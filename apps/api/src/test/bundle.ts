// The API's entry points (server.ts, a CLI) bundled into one file each, for tests that start them
// as processes again and again: node then loads one file, where `node --import tsx` resolves and
// compiles every source module at each start (crash-safety.test.ts starts the server 21 times;
// the bundle saves ~1.7 s of CPU a start). The same program: the sources as they are, each
// package (node_modules) left outside and loaded by node from the same node_modules as under tsx
// (the bundle is written under apps/api, so package resolution starts where the sources' does),
// and each source's import.meta.url (dirname, filename) its own file's, so the migrations and the PGlite worker are
// found beside the sources as under tsx.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const API = path.resolve(import.meta.dirname, '../..');

export interface Bundle {
  /** The bundled file of each entry, by the entry's name without extension (`server`, `ledger-check`). */
  files: Record<string, string>;
  remove(): void;
}

/** Bundles `entries` (paths under apps/api/src) into a new directory under apps/api/.tmp. */
export async function bundleEntries(entries: string[]): Promise<Bundle> {
  mkdirSync(path.join(API, '.tmp'), { recursive: true });
  const outdir = mkdtempSync(path.join(API, '.tmp', 'bundle-'));
  await build({
    entryPoints: entries.map((e) => path.join(API, 'src', e)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node}`,
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    logLevel: 'silent',
    plugins: [
      {
        name: 'sources-as-they-are',
        setup(b) {
          // Packages stay outside; the workspace's own (@vendport/shared) is source and goes in.
          b.onResolve({ filter: /^[^./]/ }, (a) =>
            a.path.startsWith('@vendport/') ? undefined : { path: a.path, external: true },
          );
          b.onLoad({ filter: /\.ts$/ }, (a) => ({
            contents: readFileSync(a.path, 'utf8').replace(
              /\bimport\.meta\.(url|dirname|filename)\b/g,
              (_, k) =>
                JSON.stringify(
                  k === 'url' ? pathToFileURL(a.path).href : k === 'dirname' ? path.dirname(a.path) : a.path,
                ),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  const files = Object.fromEntries(
    entries.map((e) => {
      const name = path.basename(e, '.ts');
      return [name, path.join(outdir, `${name}.mjs`)];
    }),
  );
  return { files, remove: () => rmSync(outdir, { recursive: true, force: true }) };
}
