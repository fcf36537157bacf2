// The deployment files against their sources of truth: deploy/.env.example names every variable
// the server's configuration reads (apps/api/src/infra/config.ts) and each one once, the compose
// file's app services name an APP_ROLE the server knows, and what the example and compose set
// is what the server accepts.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configSchema, loadConfig } from '../apps/api/src/infra/config';

const root = path.resolve(import.meta.dirname, '..');
const example = readFileSync(path.join(root, 'deploy/.env.example'), 'utf8');
const compose = readFileSync(path.join(root, 'deploy/compose.yaml'), 'utf8');
const assigned = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => ({
  name: m[1],
  value: m[2],
}));
const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
/** Set by compose.yaml or the image itself (named in the example's comment, not assigned there). */
const SET_BY_COMPOSE = ['DATABASE_URL', 'DATA_DIR', 'TRUSTED_PROXIES', 'APP_ROLE'];
const SET_BY_IMAGE = ['BACKUP_DIR', 'HOST', 'PORT', 'WEB_DIST'];

describe('[SCRIPTS] deploy/.env.example and deploy/compose.yaml', () => {
  it('the example assigns every configuration variable once, or says that compose or the image sets it', () => {
    const names = assigned.map((a) => a.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
    for (const key of Object.keys(configSchema.shape)) {
      if ([...SET_BY_COMPOSE, ...SET_BY_IMAGE].includes(key)) expect(example).toContain(`${key}`);
      else expect(names, `${key} in deploy/.env.example`).toContain(key);
    }
    for (const key of SET_BY_COMPOSE) expect(compose).toMatch(new RegExp(`\\b${key}:`));
    for (const key of SET_BY_IMAGE) expect(dockerfile).toMatch(new RegExp(`\\b${key}=`));
  });

  it('every assignment in the example comes with the comment that says what it means', () => {
    const lines = example.split('\n');
    const bare = assigned.filter(({ name }) => {
      const at = lines.findIndex((l) => l.startsWith(`${name}=`));
      let i = at - 1;
      while (i >= 0 && /^[A-Z][A-Z0-9_]*=/.test(lines[i])) i--;
      return !lines[i]?.startsWith('#');
    });
    expect(bare.map((b) => b.name)).toEqual([]);
  });

  it('the example, with its secrets and a provider key filled in, is a configuration the server accepts in production', () => {
    const env = Object.fromEntries(assigned.map((a) => [a.name, a.value]));
    Object.assign(env, {
      APP_SECRET: 'a'.repeat(64),
      VTPASS_API_KEY: 'k',
      VTPASS_SECRET_KEY: 's',
      VTPASS_PUBLIC_KEY: 'p',
    });
    const config = loadConfig(env);
    expect(config.NODE_ENV).toBe('production');
    expect(config.platformProviders.AGGREGATOR).toEqual(['VTPASS']);
    // Without the provider's keys, or the shared secret, the server refuses to start, naming what to set.
    expect(() => loadConfig({ ...env, VTPASS_API_KEY: '' })).toThrow(/VTPASS is named but not configured/);
    const pg = { ...env, DATABASE_URL: 'postgres://vendport@db:5432/vendport' };
    expect(loadConfig(pg).DATABASE_URL).toBe(pg.DATABASE_URL);
    expect(() => loadConfig({ ...pg, APP_SECRET: '' })).toThrow(
      /APP_SECRET: required in production on PostgreSQL/,
    );
    expect(loadConfig({ ...pg, APP_SECRET: '', NODE_ENV: 'development' }).APP_SECRET).toBeUndefined();
  });

  it("compose's app services each run a role the server knows", () => {
    const roles = [...compose.matchAll(/APP_ROLE: (\w+)/g)].map((m) => m[1]);
    expect(roles.sort()).toEqual(['api', 'worker']);
    for (const r of roles) expect(configSchema.shape.APP_ROLE.safeParse(r).success).toBe(true);
  });
});
