// One process at a time on an embedded database directory. PGlite is a single-user PostgreSQL:
// two processes writing one directory (a server and a CLI) corrupt it for good. Whoever opens the
// directory first takes `<dir>.lock`, created exclusively, holding its pid; the file goes when the
// process closes the database or exits. A lock whose process is gone (a crash, kill -9) is stale
// and is taken over.
import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

export class DatabaseInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is in use by another VendPort process (pid ${pid}), ` +
        'most likely the running server. Two processes must never open it at once. ' +
        'Stop the server (Ctrl+C in its terminal) and run the command again, ' +
        'or point both at PostgreSQL with DATABASE_URL.',
    );
    this.name = 'DatabaseInUseError';
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0], 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the directory's lock or throws DatabaseInUseError; returns the function that frees it. */
export function lockDirectory(dir: string): () => void {
  const file = `${dir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n${new Date().toISOString()}\n`);
      closeSync(fd);
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.off('exit', release);
        if (holderOf(file) === process.pid) rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = holderOf(file);
      if (pid === process.pid) throw new DatabaseInUseError(dir, pid);
      if (pid !== null && alive(pid)) throw new DatabaseInUseError(dir, pid);
      // Stale (its process is gone) or unreadable half-written: take it over once.
      rmSync(file, { force: true });
    }
  }
  throw new DatabaseInUseError(dir, holderOf(file) ?? 0);
}
