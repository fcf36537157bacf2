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
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
