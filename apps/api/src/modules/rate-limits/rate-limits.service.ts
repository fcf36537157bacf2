// Rate limits of the vending API (issue 34): each call takes a token from its key's bucket and
// from its client's (buckets.ts); the rates and bursts are the platform's defaults (Settings)
// unless an admin set the client's own (read with the key: no query per call). Refusals are
// counted in memory per client, key and minute and written every few seconds (and at close), for
// the client's API settings.
//
// The answers carry the RateLimit header fields of the IETF HTTPAPI working group's draft
// (https://datatracker.ietf.org/doc/draft-ietf-httpapi-ratelimit-headers/06/): RateLimit-Limit,
// RateLimit-Remaining and RateLimit-Reset (delta-seconds), of the bucket closest to running out,
// and RateLimit-Policy (`<burst>;w=<seconds a full refill takes>`) of each bucket; a refusal is 429
// with Retry-After. (Drafts from -07 on fold them into `RateLimit` and `RateLimit-Policy`
// structured fields; these are the fields clients' libraries read today.)
import type { ApiRateLimitsView, RateLimitOverrideBody } from '@vendport/shared';
import { rateLimitOverrideBody } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, notFound } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import { apiKeyLabels } from '../auth';
import { type RateLimitOverride, rateLimitOverrideOf, setRateLimitOverride } from '../corporates';
import { platformSettings } from '../platform';
import { type BucketSpec, type Buckets, LeasedBuckets, MemoryBuckets, type Verdict } from './buckets';
import * as repo from './rate-limits.repo';

/** Refusals are written this often (and when the server closes). */
const FLUSH_MS = 5_000;
/** Refusal rows older than this are pruned (the page shows the last hour). */
const KEEP_MS = 24 * 3600_000;
const HOUR_MS = 3600_000;

interface State {
  buckets: Buckets;
  /** Refusals not yet written, by `${corporateId}|${keyId}|${minute}`. */
  pending: Map<string, repo.RefusalCount>;
  timer: NodeJS.Timeout | null;
  flushing: Promise<void> | null;
  prunedAtMs: number;
}

const states = new WeakMap<Db, State>();

function stateOf(ctx: Pick<AppContext, 'db' | 'dbHandle'>): State {
  let s = states.get(ctx.db);
  if (!s) {
    const db = ctx.db;
    s = {
      // One process owns a PGlite database: its buckets are exact and cost no query. PostgreSQL
      // may be shared by several instances: the buckets live in the database, leased.
      buckets:
        ctx.dbHandle.kind === 'pglite'
          ? new MemoryBuckets()
          : new LeasedBuckets((asks) => repo.leaseTokens(db, asks)),
      pending: new Map(),
      timer: null,
      flushing: null,
      prunedAtMs: Date.now(),
    };
    states.set(ctx.db, s);
  }
  return s;
}

/** What a call is limited by: its key, its client and the client's override (read with the key). */
export interface RateSubject {
  corporateId: string;
  keyId: string;
  rateLimits: RateLimitOverride;
}

interface Limits {
  keyPerS: number;
  keyBurst: number;
  clientPerS: number;
  clientBurst: number;
}

async function defaultsOf(ctx: Pick<AppContext, 'config' | 'db'>): Promise<Limits> {
  const s = await platformSettings(ctx);
  return {
    keyPerS: s.apiRateKeyPerS,
    keyBurst: s.apiRateKeyBurst,
    clientPerS: s.apiRateClientPerS,
    clientBurst: s.apiRateClientBurst,
  };
}

const limitsOf = (o: RateLimitOverride, d: Limits): Limits => ({
  keyPerS: o.keyPerS ?? d.keyPerS,
  keyBurst: o.keyBurst ?? d.keyBurst,
  clientPerS: o.clientPerS ?? d.clientPerS,
  clientBurst: o.clientBurst ?? d.clientBurst,
});

/** Takes a token of the call's key and of its client, or none (refused: `ok` false). */
export async function takeApiToken(ctx: AppContext, who: RateSubject): Promise<Verdict> {
  const l = limitsOf(who.rateLimits, await defaultsOf(ctx));
  const specs: BucketSpec[] = [
    { subject: `key:${who.keyId}`, perS: l.keyPerS, burst: l.keyBurst },
    { subject: `client:${who.corporateId}`, perS: l.clientPerS, burst: l.clientBurst },
  ];
  return stateOf(ctx).buckets.take(specs);
}

/** The RateLimit-* fields of an answer (see the file's head). */
export function rateLimitHeaders(v: Verdict): Record<string, string> {
  // The bucket closest to running out speaks for the call.
  const b = v.buckets.reduce((a, x) =>
    x.remaining < a.remaining || (x.remaining === a.remaining && x.spec.burst < a.spec.burst) ? x : a,
  );
  return {
    'ratelimit-limit': String(b.spec.burst),
    'ratelimit-remaining': String(Math.max(0, b.remaining)),
    'ratelimit-reset': String(b.resetS),
    'ratelimit-policy': v.buckets
      .map((x) => `${x.spec.burst};w=${Math.max(1, Math.ceil(x.spec.burst / x.spec.perS))}`)
      .join(', '),
  };
}

/** The refusal (429, RATE_LIMITED, Retry-After). */
export function rateLimited(v: Verdict): AppError {
  const s = Math.max(1, v.retryAfterS);
  const message = `Too many requests for this API key or client. Retry in ${s} second${s === 1 ? '' : 's'}.`;
  return new AppError('RATE_LIMITED', 429, message, [message], s);
}

// ---------------------------------------------------------------- refusals, for the client's page

const minuteOf = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000);

/** Counts a refusal (written within FLUSH_MS). */
export function countRefusal(ctx: AppContext, who: Pick<RateSubject, 'corporateId' | 'keyId'>): void {
  const s = stateOf(ctx);
  const minute = minuteOf(Date.now());
  const k = `${who.corporateId}|${who.keyId}|${minute.getTime()}`;
  const row = s.pending.get(k);
  if (row) row.refused++;
  else s.pending.set(k, { corporateId: who.corporateId, apiKeyId: who.keyId, minute, refused: 1 });
  if (!s.timer) {
    s.timer = setInterval(() => {
      flushRefusals(ctx).catch((err) => ctx.log.warn({ err }, 'rate-limit refusals not written'));
    }, FLUSH_MS);
    s.timer.unref();
  }
}

/** Writes the refusals counted so far (those of a failed write are kept for the next). */
export async function flushRefusals(ctx: Pick<AppContext, 'db' | 'dbHandle'>): Promise<void> {
  const s = stateOf(ctx);
  while (s.flushing) await s.flushing;
  if (!s.pending.size) {
    if (s.timer) clearInterval(s.timer);
    s.timer = null;
    return;
  }
  const rows = [...s.pending.values()];
  s.pending.clear();
  s.flushing = (async () => {
    try {
      await repo.addRefusals(ctx.db, rows);
      if (Date.now() - s.prunedAtMs > 10 * 60_000) {
        s.prunedAtMs = Date.now();
        await repo.pruneRefusals(ctx.db, new Date(Date.now() - KEEP_MS));
      }
    } catch (err) {
      for (const r of rows) {
        const k = `${r.corporateId}|${r.apiKeyId}|${r.minute.getTime()}`;
        const row = s.pending.get(k);
        if (row) row.refused += r.refused;
        else s.pending.set(k, r);
      }
      throw err;
    } finally {
      s.flushing = null;
    }
  })();
  await s.flushing;
}

/** At close: what is counted is written, and the timer stops. */
export async function closeRateLimits(ctx: AppContext): Promise<void> {
  const s = states.get(ctx.db);
  if (!s) return;
  if (s.timer) clearInterval(s.timer);
  s.timer = null;
  await flushRefusals(ctx).catch((err) => ctx.log.warn({ err }, 'rate-limit refusals not written'));
}

// ---------------------------------------------------------------- the limits of one client

/** The client's limits (its own or the defaults) and its last hour's refusals, total and per key. */
export async function apiRateLimitsOf(ctx: AppContext, corporateId: string): Promise<ApiRateLimitsView> {
  const override = await rateLimitOverrideOf(ctx.db, corporateId);
  if (!override) throw notFound('Corporate client');
  const defaults = await defaultsOf(ctx);
  const l = limitsOf(override, defaults);
  const sinceMs = Date.now() - HOUR_MS;
  const since = new Date(sinceMs);
  const perKey = new Map<string, number>();
  for (const r of await repo.refusalsSince(ctx.db, corporateId, minuteOf(sinceMs)))
    perKey.set(r.apiKeyId, Number(r.refused));
  // Counted here and not written yet: this instance's last few seconds.
  for (const r of stateOf(ctx).pending.values()) {
    if (r.corporateId === corporateId && r.minute.getTime() >= minuteOf(sinceMs).getTime())
      perKey.set(r.apiKeyId, (perKey.get(r.apiKeyId) ?? 0) + r.refused);
  }
  const labels = await apiKeyLabels(ctx.db, corporateId, [...perKey.keys()]);
  const byKey = [...perKey]
    .map(([keyId, refused]) => {
      const k = labels.get(keyId);
      return {
        keyId,
        mode: k?.mode ?? null,
        masked: k?.masked ?? null,
        revoked: k?.revoked ?? true,
        refused,
      };
    })
    .sort((a, b) => b.refused - a.refused);
  return {
    key: {
      perSecond: l.keyPerS,
      burst: l.keyBurst,
      source: override.keyPerS != null || override.keyBurst != null ? 'CLIENT' : 'DEFAULT',
    },
    client: {
      perSecond: l.clientPerS,
      burst: l.clientBurst,
      source: override.clientPerS != null || override.clientBurst != null ? 'CLIENT' : 'DEFAULT',
    },
    override,
    defaults,
    refusals: { since: since.toISOString(), total: byKey.reduce((n, k) => n + k.refused, 0), byKey },
  };
}

const inWords = (o: RateLimitOverride) => {
  const part = (perS: number | null, burst: number | null) =>
    `${perS ?? 'default'}/s, burst ${burst ?? 'default'}`;
  return `per API key ${part(o.keyPerS, o.keyBurst)}; per client ${part(o.clientPerS, o.clientBurst)}`;
};

/** An admin sets the client's own limits (null: the platform's default); audited. */
export async function setClientRateLimits(
  ctx: AppContext,
  rc: RequestContext,
  corporateId: string,
  body: RateLimitOverrideBody,
): Promise<ApiRateLimitsView> {
  const next: RateLimitOverride = rateLimitOverrideBody.parse(body);
  await ctx.db.transaction(async (tx) => {
    const before = await rateLimitOverrideOf(tx, corporateId, true);
    if (!before) throw notFound('Corporate client');
    // The row's update raises the API access generation (migration 0035): every instance's
    // remembered key reads are read again, with the new limits.
    await setRateLimitOverride(tx, corporateId, next);
    await recordAudit(tx, rc, {
      action: 'corporate.api-rate-limits',
      targetType: 'corporate',
      targetId: corporateId,
      // In words: the audit writer hides fields whose names look like secrets ("key...").
      summary: { before: inWords(before), after: inWords(next) },
    });
  });
  return apiRateLimitsOf(ctx, corporateId);
}
