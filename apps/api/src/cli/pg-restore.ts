// A custom-format dump into PostgreSQL, as one transaction: pg_restore writes the dump as SQL and
// psql runs it (--single-transaction, stopping at the first error). Not pg_restore straight into
// the server because the client programs may be newer than the server: pg_restore 17 (Debian
// trixie's, the image's) sets transaction_timeout, which PostgreSQL 15 and 16 do not know, and
// stops there. That one line of the script's preamble is left out for a server older than 17.
import { spawn } from 'node:child_process';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { finished } from './backup-lib';

const NEWER_ONLY = /^SET transaction_timeout = .*;\n/m;
/** The preamble (its SET lines) ends well within this; past it, the script passes untouched. */
const PREAMBLE_BYTES = 64 * 1024;

/** Drops `NEWER_ONLY` from the start of the script; the rest streams through as it is. */
export function preambleFilter(drop: boolean): Transform {
  let head = '';
  let passing = !drop;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (passing) return done(null, chunk);
      head += chunk.toString('utf8');
      const cut = head.match(NEWER_ONLY);
      if (cut?.index !== undefined || head.length > PREAMBLE_BYTES) {
        passing = true;
        const out =
          cut?.index !== undefined ? head.slice(0, cut.index) + head.slice(cut.index + cut[0].length) : head;
        head = '';
        return done(null, out);
      }
      done();
    },
    flush(done) {
      done(null, head);
    },
  });
}

export async function pgRestore(url: string, file: string, serverVersionNum: number): Promise<void> {
  const dump = spawn('pg_restore', ['--no-owner', '--no-privileges', '--file=-', file], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const psql = spawn(
    'psql',
    ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', `--dbname=${url}`],
    {
      stdio: ['pipe', 'ignore', 'inherit'],
    },
  );
  const ends = [finished('pg_restore', dump), finished('psql', psql)];
  // psql stopping at an error closes its input: the pipe's own error is then psql's exit code's.
  const piped = pipeline(dump.stdout!, preambleFilter(serverVersionNum < 170_000), psql.stdin!).catch(
    () => {},
  );
  const results = await Promise.allSettled([...ends, piped]);
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw (failed as PromiseRejectedResult).reason;
}
