// The repository keeps Drizzle's latest snapshot only: lint names an older one left behind,
// and the check holds for the repository itself.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { META, staleSnapshots } from './drizzle-snapshots.mjs';

const root = path.resolve(import.meta.dirname, '..');
const base = mkdtempSync(path.join(tmpdir(), 'drizzle-snapshots-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('[STRUCTURE] drizzle/meta keeps the latest snapshot only', () => {
  it('names every snapshot but the newest, and lint fails on them', () => {
    const meta = path.join(base, META);
    mkdirSync(meta, { recursive: true });
    for (const n of ['0009_snapshot.json', '0010_snapshot.json', '0002_snapshot.json', '_journal.json'])
      writeFileSync(path.join(meta, n), '{}');
    expect(staleSnapshots(base)).toEqual([`${META}/0002_snapshot.json`, `${META}/0009_snapshot.json`]);
    const r = spawnSync(process.execPath, [path.join(root, 'scripts/check-structure.mjs'), '--root', base], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(`${META}/0009_snapshot.json`);
    expect(r.stderr).toContain('npm run db:generate');
  });

  it('holds for the repository: one snapshot, the journal’s last migration’s', () => {
    expect(staleSnapshots(root)).toEqual([]);
    const journal = JSON.parse(readFileSync(path.join(root, META, '_journal.json'), 'utf8'));
    const last = journal.entries.at(-1).tag.split('_')[0];
    expect(readdirSync(path.join(root, META)).filter((n) => n.endsWith('_snapshot.json'))).toEqual([
      `${last}_snapshot.json`,
    ]);
  });
});
