// Background work. Workers are registered here as later modules add them; the queue itself
// lives in PostgreSQL so that any number of app instances can share it.
import type { AppContext } from '../context';

export interface Jobs {
  stop(): Promise<void>;
}

const workers: Array<(ctx: AppContext) => Jobs> = [];

export function startJobs(ctx: AppContext): Jobs {
  const running = workers.map((w) => w(ctx));
  return { stop: async () => void (await Promise.all(running.map((r) => r.stop()))) };
}
