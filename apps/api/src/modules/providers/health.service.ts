// Each real upstream's circuit breaker (issue 49). Every vend call to VTpass or Reloadly is recorded
// with what it came to (recordProviderCall); over the last BREAKER_WINDOW_MS, once
// BREAKER_MIN_CALLS were sent and BREAKER_FAILURE_PERCENT of them went wrong, or the last
// BREAKER_MIN_CALLS calls all went wrong, the provider is OPEN:
// chooseRoute skips it, so new vends take the next provider of their route, and vends already sent
// stay where they are (requeried there). After BREAKER_COOLDOWN_MS one instance claims the probe
// (HALF_OPEN) and asks the provider its balance, which sends no client's money: an answer closes it,
// anything else opens it again. The state is in the database, so every instance routes alike; each
// transition is audited and announced to the admins once (the guarded UPDATE that makes it is the
// one that announces it). An admin may force a provider open or closed (provider-admin).
// The simulator has no breaker: it is our own code, and its vends (every benchmark's) pay nothing here.

import { recordAudit } from '../../infra/audit';
import type { ProviderId } from '../../infra/config';
import type { AppContext, ProviderHealthChange } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { type RequestContext, systemContext } from '../../infra/request-context';
import {
  type BreakerState,
  type CallOutcome,
  claimProbe,
  forceHealth,
  healthRows,
  openFromClosed,
  type ProviderHealthRow,
  recordCall,
  settleProbe,
} from './health.repo';
import type { ProviderAnswer } from './providers.service';
import { providersOf } from './registry';

type HealthChange = ProviderHealthChange;

/** What one answer (or its absence) was, as the breaker counts it. */
export function callOutcomeOf(a: ProviderAnswer): CallOutcome {
  if (a.outcome === 'SUCCESS') return 'DELIVERED';
  if (a.outcome === 'TIMEOUT') return 'TIMEOUT';
  if (a.outcome === 'ERROR') return 'CONNECTION';
  if (a.outcome === 'FAILED') {
    if (a.refusal) return 'REFUSED';
    return a.failureKind === 'RECIPIENT' ? 'RECIPIENT' : 'FAILED';
  }
  const raw = a.raw as { noAnswer?: string; httpStatus?: number } | null | undefined;
  if (raw && typeof raw.noAnswer === 'string')
    return /timed out|deadline/.test(raw.noAnswer) ? 'TIMEOUT' : 'CONNECTION';
  if (raw && typeof raw.httpStatus === 'number' && raw.httpStatus >= 500) return 'HTTP_5XX';
  // PENDING, NOT_FOUND, REVERSED: the provider answered but not with an outcome.
  return 'UNKNOWN';
}

// ---------------------------------------------------------------- the states, read per vend

const cache = new WeakMap<Db, { at: number; rows: Map<string, ProviderHealthRow> }>();

export const forgetHealth = (db: Db) => cache.delete(db);

async function states(ctx: Pick<AppContext, 'db' | 'config'>): Promise<Map<string, ProviderHealthRow>> {
  const hit = cache.get(ctx.db);
  if (hit && Date.now() - hit.at < ctx.config.BREAKER_CACHE_MS) return hit.rows;
  const rows = new Map((await healthRows(ctx.db)).map((r) => [r.provider, r]));
  cache.set(ctx.db, { at: Date.now(), rows });
  return rows;
}

/** Every provider's breaker row (none: CLOSED since ever). */
export const breakerRows = async (ctx: Pick<AppContext, 'db' | 'config'>) => [
  ...(await states(ctx)).values(),
];

/**
 * Whether new vends skip `provider` now. An OPEN provider whose cool-down has passed is probed by
 * whichever caller claims it first; the vend at hand still skips it (the probe is not a client's vend).
 */
export async function breakerSkips(
  ctx: AppContext,
  provider: ProviderId,
  now = new Date(),
): Promise<boolean> {
  if (provider === 'SIMULATOR') return false;
  const row = (await states(ctx)).get(provider);
  if (!row || row.state === 'CLOSED') return false;
  // Only a probe that looks due is claimed (one guarded UPDATE), not one per skipped vend.
  const c = ctx.config;
  const due =
    row.state === 'OPEN'
      ? now.getTime() - row.since.getTime() >= c.BREAKER_COOLDOWN_MS
      : !row.probeAt || now.getTime() - row.probeAt.getTime() >= 2 * c.PROVIDER_TIMEOUT_MS;
  if (!row.forced && due) track(ctx.db, maybeProbe(ctx, provider, now));
  return true;
}

// ---------------------------------------------------------------- transitions

async function announce(ctx: AppContext, db: Db, rc: RequestContext, change: HealthChange) {
  await recordAudit(db, rc, {
    action: 'providers.health',
    targetType: 'provider',
    targetId: change.provider,
    summary: { from: change.from, to: change.to, reason: change.reason, forced: change.byAdmin },
  });
  await ctx.events.providerHealthChanged(db, change);
}

/** Records a vend's call to a real upstream and opens its breaker when the window says so. */
export async function recordProviderCall(
  ctx: AppContext,
  provider: ProviderId,
  answer: ProviderAnswer & { durationMs: number },
  at = new Date(),
): Promise<void> {
  if (provider === 'SIMULATOR') return;
  const c = ctx.config;
  const outcome = callOutcomeOf(answer);
  for (const listener of listenersOf(ctx)) listener(provider, outcome, answer.durationMs);
  const window = await recordCall(ctx.db, {
    provider,
    outcome,
    durationMs: answer.durationMs,
    at,
    since: new Date(at.getTime() - c.BREAKER_WINDOW_MS),
    recent: c.BREAKER_MIN_CALLS,
  });
  // Past the share of the window, or the last BREAKER_MIN_CALLS calls all wrong: a provider that
  // just went down is taken out at once, not once its failures outweigh the window's good calls.
  const share =
    window.calls >= c.BREAKER_MIN_CALLS && window.bad * 100 >= window.calls * c.BREAKER_FAILURE_PERCENT;
  const streak = window.recentBad >= c.BREAKER_MIN_CALLS;
  if (!share && !streak) return;
  const row = (await states(ctx)).get(provider);
  if (row && row.state !== 'CLOSED') return;
  const last = `the last: ${outcome.toLowerCase().replace('_', ' ')}, ${answer.message.slice(0, 120)}`;
  const reason = share
    ? `${window.bad} of the last ${window.calls} calls went wrong (${last})`
    : `the last ${window.recentBad} calls all went wrong (${last})`;
  await ctx.db.transaction(async (tx) => {
    const opened = await openFromClosed(tx, provider, at, reason);
    if (opened) {
      await announce(ctx, tx, systemContext('breaker'), {
        provider,
        from: 'CLOSED',
        to: 'OPEN',
        reason,
        at,
        byAdmin: false,
      });
    }
  });
  forgetHealth(ctx.db);
}

/** The probes this process has out, so a test (or a closing server) can wait for them. */
const probes = new WeakMap<Db, Set<Promise<void>>>();

export async function probesSettled(db: Db): Promise<void> {
  await Promise.allSettled([...(probes.get(db) ?? [])]);
}

function track(db: Db, p: Promise<void>) {
  const s = probes.get(db) ?? new Set<Promise<void>>();
  probes.set(db, s);
  s.add(p);
  void p.finally(() => s.delete(p));
}

async function maybeProbe(ctx: AppContext, provider: ProviderId, now: Date): Promise<void> {
  const c = ctx.config;
  const claimed = await claimProbe(
    ctx.db,
    provider,
    now,
    new Date(now.getTime() - c.BREAKER_COOLDOWN_MS),
    new Date(now.getTime() - 2 * c.PROVIDER_TIMEOUT_MS),
  ).catch((err) => {
    ctx.log.error({ err, provider }, 'claiming the breaker probe failed');
    return null;
  });
  if (!claimed) return;
  forgetHealth(ctx.db);
  await runProbe(ctx, provider).catch((err) => ctx.log.error({ err, provider }, 'breaker probe failed'));
}

/** The half-open probe: the provider's balance call, under the vend's time limit. */
async function runProbe(ctx: AppContext, provider: ProviderId): Promise<void> {
  const upstream = providersOf(ctx).upstreams?.[provider as Exclude<ProviderId, 'SIMULATOR'>];
  let verdict: { to: 'CLOSED' | 'OPEN'; reason: string };
  if (!upstream) verdict = { to: 'OPEN', reason: 'not configured on this server' };
  else {
    try {
      await upstream.balance({
        line: null,
        bookFloatKobo: 0,
        signal: AbortSignal.timeout(ctx.config.PROVIDER_TIMEOUT_MS),
      });
      verdict = { to: 'CLOSED', reason: 'the probe (its balance) was answered' };
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      verdict = { to: 'OPEN', reason: `the probe (its balance) failed: ${why.slice(0, 200)}` };
    }
  }
  const at = new Date();
  await ctx.db.transaction(async (tx) => {
    const row = await settleProbe(tx, provider, verdict.to, at, verdict.reason);
    if (row)
      await announce(ctx, tx, systemContext('breaker'), {
        provider,
        from: 'HALF_OPEN',
        to: verdict.to,
        reason: verdict.reason,
        at,
        byAdmin: false,
      });
  });
  forgetHealth(ctx.db);
}

/** An admin forces a provider OPEN (it stays so) or CLOSED (a clean window); audited, announced. */
export async function forceBreaker(
  ctx: AppContext,
  rc: RequestContext,
  provider: ProviderId,
  to: 'CLOSED' | 'OPEN',
  reason: string,
): Promise<ProviderHealthRow> {
  const at = new Date();
  const before = (await healthRows(ctx.db)).find((r) => r.provider === provider);
  const row = await ctx.db.transaction(async (tx) => {
    const saved = await forceHealth(tx, provider, to, at, reason);
    await announce(ctx, tx, rc, {
      provider,
      from: (before?.state ?? 'CLOSED') as BreakerState,
      to,
      reason,
      at,
      byAdmin: true,
    });
    return saved;
  });
  forgetHealth(ctx.db);
  return row;
}

// ---------------------------------------------------------------- in-process observers (metrics)

export type CallListener = (provider: string, outcome: CallOutcome, durationMs: number) => void;
const listeners = new WeakMap<AppContext, CallListener[]>();
const listenersOf = (ctx: AppContext) => listeners.get(ctx) ?? [];

/** Calls `fn` for every call this process records (the metrics' counters and histogram). */
export function observeProviderCalls(ctx: AppContext, fn: CallListener) {
  listeners.set(ctx, [...listenersOf(ctx), fn]);
}
