// The browser check npm test runs before the end-to-end suite, and what the test script does
// when there is no browser and it may not install one.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM, ensureChromium, findChromium, INSTALL_COMMAND } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const only =
  (...paths) =>
  (p) =>
    paths.includes(p);

describe('[BROWSER] finding Chromium', () => {
  it('finds none when no candidate exists', () => {
    expect(findChromium({ env: {}, exists: () => false })).toBeNull();
  });

  it('takes /usr/bin/chromium first, then the other usual names', () => {
    expect(findChromium({ env: {}, exists: only(DEFAULT_CHROMIUM, '/usr/bin/google-chrome') })).toBe(
      DEFAULT_CHROMIUM,
    );
    expect(findChromium({ env: {}, exists: only('/usr/bin/chromium-browser') })).toBe(
      '/usr/bin/chromium-browser',
    );
  });

  it('CHROMIUM_PATH overrides the search, and a wrong one is not replaced by another browser', () => {
    const env = { CHROMIUM_PATH: '/opt/chrome/chrome' };
    expect(findChromium({ env, exists: only('/opt/chrome/chrome', DEFAULT_CHROMIUM) })).toBe(
      '/opt/chrome/chrome',
    );
    expect(findChromium({ env, exists: only(DEFAULT_CHROMIUM) })).toBeNull();
  });
});

describe('[BROWSER] installing it', () => {
  it('as root with apt-get, installs the chromium package with a notice before and the time after', () => {
    let installed = false;
    const calls = [];
    const lines = [];
    let t = 1_000;
    const r = ensureChromium({
      env: {},
      uid: 0,
      exists: (p) => p === '/usr/bin/apt-get' || (installed && p === DEFAULT_CHROMIUM),
      run: (cmd, args) => {
        calls.push([cmd, ...args].join(' '));
        if (args[0] === 'install') installed = true;
        t += 42_000;
        return { status: 0 };
      },
      log: (l) => lines.push(l),
      now: () => t,
    });
    expect(r).toEqual({ path: DEFAULT_CHROMIUM });
    expect(calls).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium']);
    expect(lines[0]).toContain(INSTALL_COMMAND);
    expect(lines[1]).toBe(`Chromium installed in 84 s: ${DEFAULT_CHROMIUM}`);
  });

  it('not as root, installs nothing and says which command to run', () => {
    const calls = [];
    const r = ensureChromium({
      env: {},
      uid: 1000,
      exists: () => false,
      run: (c) => calls.push(c),
      log: () => {},
    });
    expect(calls).toEqual([]);
    expect(r.error).toContain(`sudo ${INSTALL_COMMAND}`);
    expect(r.error).toContain('needs root');
  });

  it('a failed install is reported, not taken for a browser', () => {
    const r = ensureChromium({
      env: {},
      uid: 0,
      exists: (p) => p === '/usr/bin/apt-get',
      run: () => ({ status: 100 }),
      log: () => {},
    });
    expect(r.error).toContain('the install of the chromium package failed');
  });
});

describe('[BROWSER] npm test without a browser', () => {
  it('prints one line naming the command, counts the end-to-end suite as failed and exits non-zero', () => {
    const results = mkdtempSync(path.join(tmpdir(), 'vp-test-results-'));
    try {
      const r = spawnSync('node', ['scripts/test.mjs', '--only', 'e2e'], {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          CHROMIUM_PATH: '/nowhere/chromium',
          VENDPORT_NO_BROWSER_INSTALL: '1',
          VENDPORT_TEST_RESULTS: results,
        },
      });
      expect(r.status).toBe(1);
      const lines = r.stdout.trim().split('\n');
      const notRun = lines.filter((l) => l.startsWith('End-to-end suite NOT RUN'));
      expect(notRun.length).toBe(2); // where it happened, and again beside the totals
      expect(notRun[0]).toContain(`sudo ${INSTALL_COMMAND}`);
      expect(lines.at(-1)).toBe('0 passed, 1 failed, 0 skipped');
      expect(lines.at(-2)).toBe(notRun[0]);
      expect(r.stdout).toContain('Suites failed: e2e (Chromium)');
    } finally {
      rmSync(results, { recursive: true, force: true });
    }
  });

  it('without TEST_DATABASE_URL, the skipped PostgreSQL suite is named again beside the totals', () => {
    const results = mkdtempSync(path.join(tmpdir(), 'vp-test-results-'));
    try {
      const env = { ...process.env, VENDPORT_TEST_RESULTS: results };
      delete env.TEST_DATABASE_URL;
      const r = spawnSync('node', ['scripts/test.mjs', '--only', 'pg'], { cwd: root, encoding: 'utf8', env });
      expect(r.status).toBe(0);
      const lines = r.stdout.trim().split('\n');
      expect(lines.at(-1)).toBe('0 passed, 0 failed, 0 skipped');
      expect(lines.at(-2)).toContain('TEST_DATABASE_URL is not set');
    } finally {
      rmSync(results, { recursive: true, force: true });
    }
  });
});
