// Finding (and, where we may, installing) the Chromium the end-to-end suite drives. npm test
// calls ensureChromium() before that suite: CHROMIUM_PATH when set (and then only it), else
// /usr/bin/chromium, else the other usual names. Where none is found and this is root on a
// Debian/Ubuntu machine, it installs the `chromium` package itself; where it cannot, it says in
// one line which command to run. VENDPORT_NO_BROWSER_INSTALL=1 turns the install off.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
export const OTHER_CHROMIUMS = [
  '/usr/bin/chromium-browser',
  '/usr/lib/chromium/chromium',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];
export const INSTALL_COMMAND = 'apt-get install -y chromium';

const isExecutable = (p) => {
  try {
    accessSync(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

/**
 * The Chromium to use, or null. `env.CHROMIUM_PATH` overrides the search: when it is set, only
 * that path counts (a wrong override is reported, not silently replaced by another browser).
 */
export function findChromium({ env = process.env, exists = isExecutable } = {}) {
  if (env.CHROMIUM_PATH) return exists(env.CHROMIUM_PATH) ? env.CHROMIUM_PATH : null;
  return [DEFAULT_CHROMIUM, ...OTHER_CHROMIUMS].find((p) => exists(p)) ?? null;
}

/** Why we may not install the Debian package here (null: we may). */
export function installRefusal({
  env = process.env,
  uid = process.getuid?.() ?? -1,
  exists = isExecutable,
} = {}) {
  if (env.CHROMIUM_PATH) return `CHROMIUM_PATH is ${env.CHROMIUM_PATH}, which is not an executable`;
  if (env.VENDPORT_NO_BROWSER_INSTALL === '1')
    return 'the automatic install is off: VENDPORT_NO_BROWSER_INSTALL=1';
  if (uid !== 0) return 'installing it needs root';
  if (!exists('/usr/bin/apt-get')) return 'this machine has no apt-get';
  return null;
}

/** The one line printed when the end-to-end suite cannot run. */
export const missingLine = (why) =>
  `End-to-end suite NOT RUN: no Chromium found (${why}). Install it with \`sudo ${INSTALL_COMMAND}\`, or set CHROMIUM_PATH to a Chromium or Chrome, then run npm test again.`;

/**
 * Finds Chromium, installing the Debian package when none is found and we may. Returns
 * `{ path }` or `{ error }` (the one line to print). `run` and `log` are for tests.
 */
export function ensureChromium({
  env = process.env,
  uid = process.getuid?.() ?? -1,
  exists = isExecutable,
  run = (cmd, args, extraEnv) =>
    spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } }),
  log = console.log,
  now = () => Date.now(),
} = {}) {
  const found = findChromium({ env, exists });
  if (found) return { path: found };
  const refusal = installRefusal({ env, uid, exists });
  if (refusal) return { error: missingLine(refusal) };
  log(`Chromium not found: installing the Debian package (${INSTALL_COMMAND}) for the end-to-end suite...`);
  const started = now();
  const quiet = { DEBIAN_FRONTEND: 'noninteractive' };
  const update = run('apt-get', ['update', '-qq'], quiet);
  const install = update.status === 0 ? run('apt-get', ['install', '-y', '-qq', 'chromium'], quiet) : update;
  const after = findChromium({ env, exists });
  if (install.status !== 0 || !after)
    return { error: missingLine('the install of the chromium package failed') };
  log(`Chromium installed in ${Math.round((now() - started) / 1000)} s: ${after}`);
  return { path: after };
}
