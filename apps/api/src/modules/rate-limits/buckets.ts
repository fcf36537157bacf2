// The token buckets behind the vending API's rate limits (issue 34), in two engines with one
// interface. Each call takes one token from each of its buckets (its key's and its client's), or
// none when any of them is empty.
// - MemoryBuckets: one process owns the database (PGlite): exact buckets in memory, no query.
// - LeasedBuckets: several instances share PostgreSQL: the bucket lives in a row
//   (api_rate_buckets); an instance LEASES a few tokens at a time with one atomic statement that
//   refills the row by the time elapsed and grants min(lease, available), then spends them
//   locally. A lease lapses after LEASE_MS (its unspent tokens are dropped: never over the limit,
//   at worst a little under it). A busy key costs a few statements a second, not one per call.
//   One lease per subject is in flight at a time; the calls that arrive meanwhile wait for it. A
//   bucket running low leases its next tokens ahead, so a steady key rarely waits for one.
//   A bucket found empty is known empty, without a query, until a lease's worth of tokens is due.

/** A bucket as configured: `perS` tokens a second refill it, up to `burst`. */
export interface BucketSpec {
  subject: string;
  perS: number;
  burst: number;
}

/** What one bucket looks like after the call, for the RateLimit-* headers. */
export interface BucketState {
  spec: BucketSpec;
  /** Whole tokens left (an estimate for leased buckets: this instance's view). */
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetS: number;
}

export interface Verdict {
  ok: boolean;
  /** Seconds until a retry can succeed (ok: 0). */
  retryAfterS: number;
  buckets: BucketState[];
}

export interface Buckets {
  take(specs: BucketSpec[]): Verdict | Promise<Verdict>;
}

const secondsUntilFull = (spec: BucketSpec, tokens: number) =>
  Math.max(0, Math.ceil((spec.burst - tokens) / spec.perS));
/** Seconds (at least 1) until `tokens` has become 1. */
const secondsUntilOne = (spec: BucketSpec, tokens: number) =>
  Math.max(1, Math.ceil((1 - tokens) / spec.perS));

// ---------------------------------------------------------------- in memory (PGlite)

interface MemoryBucket {
  tokens: number;
  atMs: number;
}

/** Bounded: past this many subjects, the full buckets are forgotten (a full bucket is the default). */
const MAX_SUBJECTS = 100_000;

export class MemoryBuckets implements Buckets {
  private readonly buckets = new Map<string, MemoryBucket>();
  constructor(private readonly now: () => number = Date.now) {}

  take(specs: BucketSpec[]): Verdict {
    const now = this.now();
    const held = specs.map((spec) => {
      let b = this.buckets.get(spec.subject);
      if (!b) {
        if (this.buckets.size >= MAX_SUBJECTS) this.forgetFull(now, spec);
        b = { tokens: spec.burst, atMs: now };
        this.buckets.set(spec.subject, b);
      }
      b.tokens = Math.min(spec.burst, b.tokens + (Math.max(0, now - b.atMs) / 1000) * spec.perS);
      b.atMs = now;
      return { spec, b };
    });
    const ok = held.every((h) => h.b.tokens >= 1);
    if (ok) for (const h of held) h.b.tokens -= 1;
    return {
      ok,
      retryAfterS: ok
        ? 0
        : Math.max(...held.filter((h) => h.b.tokens < 1).map((h) => secondsUntilOne(h.spec, h.b.tokens))),
      buckets: held.map((h) => ({
        spec: h.spec,
        remaining: Math.floor(h.b.tokens),
        resetS: secondsUntilFull(h.spec, h.b.tokens),
      })),
    };
  }

  private forgetFull(now: number, spec: BucketSpec) {
    for (const [k, b] of this.buckets) {
      // Full by now at this spec's rate or better: forgetting it gives a full bucket back.
      if (b.tokens + ((now - b.atMs) / 1000) * spec.perS >= spec.burst) this.buckets.delete(k);
    }
    if (this.buckets.size >= MAX_SUBJECTS) this.buckets.clear();
  }
}

// ---------------------------------------------------------------- leased (PostgreSQL)

/** What one lease statement answers per subject: tokens granted and the row's tokens left. */
export interface Grant {
  subject: string;
  granted: number;
  tokensLeft: number;
}

/** Leases `want` tokens of each spec's bucket, in one statement (a missing subject: none granted). */
export type LeaseFn = (asks: { spec: BucketSpec; want: number }[]) => Promise<Grant[]>;

/** How long leased tokens may be spent. */
export const LEASE_MS = 1_000;
/** Leases a call may wait for before it is refused (each a round trip). */
const MAX_ROUNDS = 4;

/** A lease is ~10% of a second's tokens (at least 1, at most the burst). */
export const leaseSize = (spec: BucketSpec) =>
  Math.max(1, Math.min(Math.floor(spec.burst), Math.round(spec.perS / 10)));

interface Local {
  /** Leased tokens not yet spent. */
  held: number;
  expiresMs: number;
  /** The row's tokens after the last lease, and when. */
  rowTokens: number;
  rowAtMs: number;
  /** The row had no token to grant: no lease is asked before this (its next token). */
  emptyUntilMs: number;
  /** Calls taking from this bucket now (a lease asks for at least this many tokens). */
  takers: number;
  inFlight: Promise<void> | null;
}

export class LeasedBuckets implements Buckets {
  private readonly local = new Map<string, Local>();
  constructor(
    private readonly lease: LeaseFn,
    private readonly now: () => number = Date.now,
  ) {}

  async take(specs: BucketSpec[]): Promise<Verdict> {
    const locals = specs.map((spec) => this.localOf(spec.subject));
    for (const l of locals) l.takers++;
    try {
      for (let round = 0; ; round++) {
        const now = this.now();
        for (const l of locals) if (now >= l.expiresMs) l.held = 0;
        const knownEmpty = locals.some((l) => l.held < 1 && now < l.emptyUntilMs);
        const short = specs.filter((_, i) => locals[i].held < 1);
        if (knownEmpty || short.length === 0 || round >= MAX_ROUNDS) {
          const ok = !knownEmpty && short.length === 0;
          if (ok) {
            for (const l of locals) l.held -= 1;
            this.leaseAhead(specs, locals, now);
          }
          return this.verdict(specs, locals, ok, now);
        }
        await this.refill(short);
      }
    } finally {
      for (const l of locals) l.takers--;
    }
  }

  /**
   * A bucket whose leased tokens are running low (under half a lease) leases the next ones now,
   * without the call waiting: a key used steadily rarely waits for a round trip.
   */
  private leaseAhead(specs: BucketSpec[], locals: Local[], now: number) {
    const asks = specs
      .filter((spec, i) => {
        const l = locals[i];
        return !l.inFlight && now >= l.emptyUntilMs && l.held < leaseSize(spec) / 2;
      })
      .map((spec) => ({ spec, want: leaseSize(spec) }));
    if (!asks.length) return;
    const done = this.leaseNow(asks);
    for (const a of asks) this.localOf(a.spec.subject).inFlight = done;
    // Its failure is the next call's to meet (it leases again itself).
    done.catch(() => {});
  }

  /** Waits for the lease in flight of each short subject, or asks one for those without. */
  private async refill(specs: BucketSpec[]): Promise<void> {
    const asks: { spec: BucketSpec; want: number }[] = [];
    const waits: Promise<void>[] = [];
    for (const spec of specs) {
      const l = this.localOf(spec.subject);
      if (l.inFlight) waits.push(l.inFlight);
      else asks.push({ spec, want: Math.min(Math.floor(spec.burst), Math.max(leaseSize(spec), l.takers)) });
    }
    if (asks.length) {
      const done = this.leaseNow(asks);
      for (const a of asks) this.localOf(a.spec.subject).inFlight = done;
      waits.push(done);
    }
    await Promise.all(waits);
  }

  private async leaseNow(asks: { spec: BucketSpec; want: number }[]): Promise<void> {
    try {
      const grants = new Map((await this.lease(asks)).map((g) => [g.subject, g]));
      const now = this.now();
      for (const { spec } of asks) {
        const l = this.localOf(spec.subject);
        const g = grants.get(spec.subject);
        // A subject first created by another instance in the same instant: asked again next round.
        if (!g) continue;
        l.held = (now < l.expiresMs ? l.held : 0) + g.granted;
        l.expiresMs = now + LEASE_MS;
        l.rowTokens = g.tokensLeft;
        l.rowAtMs = now;
        // The row is out of whole tokens: none is asked for again before a lease's worth is due
        // (a key over its limit costs a statement per lease, not one per token).
        if (g.tokensLeft < 1) {
          const due = Math.min(leaseSize(spec), Math.floor(spec.burst)) - g.tokensLeft;
          l.emptyUntilMs = now + Math.max(1, Math.ceil((due / spec.perS) * 1000));
        }
      }
    } finally {
      for (const { spec } of asks) this.localOf(spec.subject).inFlight = null;
    }
  }

  private verdict(specs: BucketSpec[], locals: Local[], ok: boolean, now: number): Verdict {
    const buckets = specs.map((spec, i) => {
      const l = locals[i];
      const row = Math.min(spec.burst, l.rowTokens + ((now - l.rowAtMs) / 1000) * spec.perS);
      const tokens = Math.min(spec.burst, row + l.held);
      return { spec, remaining: Math.floor(tokens), resetS: secondsUntilFull(spec, tokens) };
    });
    let retryAfterS = 0;
    if (!ok) {
      retryAfterS = 1;
      for (const l of locals) {
        if (l.held < 1 && now < l.emptyUntilMs)
          retryAfterS = Math.max(retryAfterS, Math.ceil((l.emptyUntilMs - now) / 1000));
      }
    }
    return { ok, retryAfterS, buckets };
  }

  private localOf(subject: string): Local {
    let l = this.local.get(subject);
    if (!l) {
      if (this.local.size >= MAX_SUBJECTS) this.forgetIdle();
      l = {
        held: 0,
        expiresMs: 0,
        rowTokens: Number.POSITIVE_INFINITY,
        rowAtMs: 0,
        emptyUntilMs: 0,
        takers: 0,
        inFlight: null,
      };
      this.local.set(subject, l);
    }
    return l;
  }

  private forgetIdle() {
    const now = this.now();
    for (const [k, l] of this.local) {
      if (!l.inFlight && now >= l.expiresMs && now >= l.emptyUntilMs) this.local.delete(k);
    }
  }
}
