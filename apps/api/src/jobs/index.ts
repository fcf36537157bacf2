// Background work. Workers are registered here as later modules add them; the queue itself
// lives in PostgreSQL so that any number of app instances can share it.
import type { AppContext } from '../context';

export interface Jobs {
  stop(): Promise<void>;
}

/** Runs `tick` every `ms` until stopped; a tick never overlaps the previous one. */
export function every(ms: number, tick: () => Promise<unknown>, onError: (err: unknown) => void): Jobs {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    if (stopped) return;
    running = running.then(tick).catch(onError);
  }, ms);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}

const outboxRelay = (ctx: AppContext): Jobs =>
  ctx.mailer.delivers
    ? every(
        2_000,
        () => ctx.mailer.relay(ctx.db),
        (err) => ctx.log.error({ err }, 'outbox relay failed'),
      )
    : { stop: async () => {} };

const workers: Array<(ctx: AppContext) => Jobs> = [outboxRelay];

export function startJobs(ctx: AppContext): Jobs {
  const running = workers.map((w) => w(ctx));
  return { stop: async () => void (await Promise.all(running.map((r) => r.stop()))) };
}
