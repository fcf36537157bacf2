// Prometheus metrics of one app instance (prom-client, a registry per app): HTTP requests by
// route and status with their durations, counted in process; and, read from the database at each
// scrape, the figures every instance shares (vends by status and network over the last 24 hours,
// PENDING vends and the oldest one's age, the job queue's depth per queue, failed webhook
// deliveries, the books check's last result); and each real upstream's breaker state and last
// hour of vend calls by outcome (from the database, every instance's), with this process's own
// calls counted and timed as they happen (issue 49).
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppContext } from '../../infra/context';
import { activeJobCounts, lastJobPayload } from '../../infra/queue';
import { BREAKER_STATES, breakerRows, CALL_OUTCOMES, callCounts, observeProviderCalls } from '../providers';
import { liveVendsLastDay, pendingVendStats } from '../vending';
import { failedDeliveriesCount } from '../webhooks';

/** The books check's last result, kept in its recurring job's payload (vending.jobs). */
const lastBooksCheck = (db: AppContext['db']) =>
  lastJobPayload<{ ok?: boolean; violations?: number; checkedAt?: string }>(db, 'recurring:books-check');

export interface Metrics {
  registry: Registry;
  observeRequest(method: string, route: string, status: number, seconds: number): void;
}

export function createMetrics(ctx: AppContext): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'vendport_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'vendport_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'vendport_vends_last_24h',
    help: 'Live vends created in the last 24 hours, by status and network',
    labelNames: ['status', 'network'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await liveVendsLastDay(ctx.db)) this.set({ status: r.status, network: r.network }, r.n);
    },
  });
  const pendingAge = new Gauge({
    name: 'vendport_vends_pending_oldest_seconds',
    help: 'Age of the oldest PENDING vend (0 when none)',
    registers: [registry],
  });
  new Gauge({
    name: 'vendport_vends_pending',
    help: 'Vends PENDING now (test and live)',
    registers: [registry],
    async collect() {
      const p = await pendingVendStats(ctx.db);
      this.set(p.n);
      pendingAge.set(p.oldest_s ?? 0);
    },
  });
  new Gauge({
    name: 'vendport_jobs_queued',
    help: 'Jobs waiting or running, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await activeJobCounts(ctx.db)) this.set({ queue: r.queue }, r.n);
    },
  });
  new Gauge({
    name: 'vendport_webhook_deliveries_failed',
    help: 'Webhook deliveries that gave up after their retries',
    registers: [registry],
    async collect() {
      this.set(await failedDeliveriesCount(ctx.db));
    },
  });
  new Gauge({
    name: 'vendport_books_check_ok',
    help: '1 when the last ledger and vending check found the books consistent, 0 when not, -1 before the first',
    registers: [registry],
    async collect() {
      const last = await lastBooksCheck(ctx.db);
      this.set(last?.ok === undefined ? -1 : last.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'vendport_books_check_violations',
    help: 'Violations found by the last ledger and vending check (-1 before the first check)',
    registers: [registry],
    async collect() {
      this.set((await lastBooksCheck(ctx.db))?.violations ?? -1);
    },
  });
  new Gauge({
    name: 'vendport_provider_breaker_state',
    help: "Each real upstream's circuit breaker: 1 for its state now (CLOSED, OPEN, HALF_OPEN), 0 for the others",
    labelNames: ['provider', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await breakerRows(ctx);
      for (const provider of ctx.config.configuredProviders.filter((p) => p !== 'SIMULATOR')) {
        const now = rows.find((r) => r.provider === provider)?.state ?? 'CLOSED';
        for (const state of BREAKER_STATES) this.set({ provider, state }, state === now ? 1 : 0);
      }
    },
  });
  new Gauge({
    name: 'vendport_provider_calls_last_hour',
    help: 'Vend calls to each real upstream over the last hour (all instances), by outcome',
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await callCounts(ctx.db, new Date(Date.now() - 3_600_000)))
        this.set({ provider: r.provider, outcome: r.outcome }, r.n);
    },
  });
  const providerCalls = new Counter({
    name: 'vendport_provider_calls_total',
    help: `Vend calls this process made to each real upstream, by outcome (${CALL_OUTCOMES.join(', ')})`,
    labelNames: ['provider', 'outcome'] as const,
    registers: [registry],
  });
  const providerLatency = new Histogram({
    name: 'vendport_provider_call_duration_seconds',
    help: "Time of this process's vend calls to each real upstream, answer or deadline",
    labelNames: ['provider'] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  observeProviderCalls(ctx, (provider, outcome, durationMs) => {
    providerCalls.inc({ provider, outcome });
    providerLatency.observe({ provider }, durationMs / 1000);
  });
  return {
    registry,
    observeRequest(method, route, status, seconds) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      duration.observe(labels, seconds);
    },
  };
}
