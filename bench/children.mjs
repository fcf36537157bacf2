// What the benchmarks share about their child processes (stand-ins, servers).
import { setTimeout as delay } from 'node:timers/promises';

/** Stops a child: SIGTERM, then SIGKILL if it has not exited within 10 s. */
export async function stopChild(c) {
  if (!c || c.exitCode !== null || c.signalCode !== null) return;
  const done = new Promise((r) => c.once('exit', r));
  c.kill('SIGTERM');
  await Promise.race([done, delay(10_000)]);
  if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
}
