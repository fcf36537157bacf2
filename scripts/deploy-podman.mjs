// What `npm run test:deploy` needs from the machine: podman (with runc and ulimits it may set), the
// Debian base images the Dockerfiles start FROM (built with debootstrap when absent, since this
// machine reaches Debian's archive but no container registry), and the images of the stack.
// Everything machine-specific lives here, not in the Dockerfiles: they stay as a real registry
// would build them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Runs a command; its output is returned, a failure throws with the command's stderr. */
export function sh(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: opts.env ?? process.env,
    input: opts.input,
    stdio: opts.inherit ? ['ignore', 'inherit', 'inherit'] : ['pipe', 'pipe', 'pipe'],
    timeout: opts.timeoutMs,
  });
  if (r.error) throw r.error;
  if (r.status !== 0 && !opts.allowFail) {
    const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n');
    throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}\n${out}`);
  }
  return { status: r.status, out: r.stdout ?? '', err: r.stderr ?? '' };
}

const TOOLS = ['podman', 'podman-compose', 'debootstrap', 'runc'];

/** The tools, or one line saying how to install them. */
export function requireTools() {
  const missing = TOOLS.filter((t) => sh('sh', ['-c', `command -v ${t}`], { allowFail: true }).status !== 0);
  if (missing.length)
    throw new Error(
      `missing ${missing.join(', ')}: apt-get update && apt-get install -y podman podman-compose runc debootstrap (as root)`,
    );
}

/**
 * podman's settings for this machine: the runc runtime, and ulimits no higher than a container
 * may raise here (nofile 20000, nproc 32768). Given to every podman call through CONTAINERS_CONF.
 */
export function containersConf(dir) {
  const file = path.join(dir, 'containers.conf');
  writeFileSync(
    file,
    [
      '[containers]',
      'default_ulimits = ["nofile=20000:20000", "nproc=32768:32768"]',
      '[engine]',
      'runtime = "runc"',
      '',
    ].join('\n'),
  );
  return file;
}

const imageExists = (env, ref) =>
  sh('podman', ['image', 'exists', ref], { env, allowFail: true }).status === 0;

/**
 * A Debian base image under the name a Dockerfile starts FROM (debian:trixie-slim), made with
 * debootstrap --variant=minbase and imported; skipped when present (it is the cache: 1.5-4 min).
 * Like the registry's slim images: no apt lists or package cache, no documentation.
 */
export function ensureBase(env, work, { suite, ref }) {
  if (imageExists(env, ref)) return 'cached';
  const root = path.join(work, `rootfs-${suite}`);
  mkdirSync(root, { recursive: true });
  sh('debootstrap', ['--variant=minbase', suite, root, 'http://deb.debian.org/debian'], { env });
  for (const d of [
    'var/cache/apt',
    'var/lib/apt/lists',
    'usr/share/doc',
    'usr/share/man',
    'usr/share/info',
  ]) {
    rmSync(path.join(root, d), { recursive: true, force: true });
    mkdirSync(path.join(root, d), { recursive: true });
  }
  sh('sh', ['-c', `tar -C "${root}" -c . | podman import - ${ref}`], { env });
  rmSync(root, { recursive: true, force: true });
  return 'built';
}

/**
 * An image built from a Dockerfile. The machine's outgoing HTTPS goes through its own CA: the
 * host's bundle is mounted where Debian's ca-certificates picks up extra CAs, so apt and npm inside
 * the build trust it. npm's registry is the host's (`npm config get registry`); proxies in the
 * environment are passed by podman itself. --format docker keeps HEALTHCHECK (OCI drops it).
 */
export function buildImage(env, { context, dockerfile, tag, registry }) {
  const args = ['build', '--format', 'docker', '--layers', '-t', tag];
  const ca = '/etc/ssl/certs/ca-certificates.crt';
  if (existsSync(ca)) args.push('-v', `${ca}:/usr/local/share/ca-certificates/host-ca.crt:ro`);
  if (registry) args.push('--build-arg', `NPM_CONFIG_REGISTRY=${registry}`);
  if (dockerfile) args.push('-f', dockerfile);
  args.push(context);
  sh('podman', args, { env });
}

export { imageExists };
