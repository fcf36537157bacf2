// What every module is given: configuration, the database, and the shared services.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Sealer } from './crypto';
import type { Db, DbHandle } from './db/client';
import type { FileStore } from './file-store';
import type { Mailer } from './mailer';
import type { PasswordHasher } from './passwords';

export interface AppContext {
  config: Config & { APP_SECRET: string };
  db: Db;
  dbHandle: DbHandle;
  mailer: Mailer;
  sealer: Sealer;
  /** Uploaded files (verification documents, proofs of payment). */
  files: FileStore;
  hasher: PasswordHasher;
  log: FastifyBaseLogger;
  /** What modules raise for the modules above them (DomainEvents below); wired by app.ts. */
  events: DomainEvents;
  /** What modules ask of the modules above them (UpperReads below); wired by app.ts. */
  reads: UpperReads;
  /**
   * The process's own state: `draining` from SIGTERM until it stops listening (server.ts), while
   * GET /health/ready answers 503 so a load balancer takes it out of its pool first.
   */
  lifecycle: { draining: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

// What a module tells the modules above it without importing them. A module raises an event
// through `ctx.events`; the composition (app.ts) wires each event to the module that acts on it.
// So the import graph keeps one direction: vending and vtu sit below balance-alerts (which reads
// balances and vend failures), webhooks below vending (which queues its events), yet a vend's
// debit still triggers the low-balance checks and a webhook attempt still lands on the vend's
// timeline.
export interface VendWebhookAttempt {
  vendId: string;
  outcome: 'DELIVERED' | 'GAVE_UP' | 'RETRY';
  message: string;
  data: Record<string, unknown>;
  at: Date;
}

/** A provider's breaker changed state (providers' health.service.ts). */
export interface ProviderHealthChange {
  provider: string;
  from: 'CLOSED' | 'OPEN' | 'HALF_OPEN';
  to: 'CLOSED' | 'OPEN' | 'HALF_OPEN';
  reason: string;
  at: Date;
  /** An admin forced it (else the breaker itself). */
  byAdmin: boolean;
}

export interface DomainEvents {
  /**
   * A live vend's debit has committed (vending): the client's wallet, and the VTU line whose
   * float it uses, may have crossed their alert thresholds. Not awaited: it runs beside the
   * delivery, never in its way.
   */
  vendDebited(ctx: AppContext, v: { corporateId: string; vtuLineId?: string | null }): void;
  /** Float was added to a VTU line (vtu). */
  vtuLineFunded(ctx: AppContext, lineId: string): Promise<void>;
  /** An attempt to deliver a vend's webhook event was made (webhooks), in the attempt's transaction. */
  vendWebhookAttempted(db: Db, attempt: VendWebhookAttempt): Promise<void>;
  /** A provider's breaker opened, half-opened or closed (providers), in the transition's
   * transaction: the admins are told once per transition (provider-admin). */
  providerHealthChanged(db: Db, change: ProviderHealthChange): Promise<void>;
}

/** A vending history's filter, as the vending module reads it and the reports module counts it. */
export interface VendCriteria {
  corporateId?: string;
  mode: string;
  search?: string;
  /** From this instant, inclusive. */
  from?: Date;
  /** Before this instant. */
  to?: Date;
  status?: string;
  network?: string;
  serviceType?: string;
  serviceId?: string;
  platform?: string;
  channel?: string;
  clientType?: string;
}

// What a module asks of a module above it without importing it, as events are raised: the
// composition (app.ts) hands each read to the module that answers it. Vending sits below reports
// (which reads the vends), yet a vending history's total comes from the reports' roll-ups.
export interface UpperReads {
  /**
   * How many vends match a vending history's filter, from the roll-ups (reports), exact; null
   * when the roll-ups cannot say (test mode, a search, a service, a platform, a time inside a day).
   */
  vendTotal(db: Db, f: VendCriteria): Promise<number | null>;
}
