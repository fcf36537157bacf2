// What every module is given: configuration, the database, and the shared services.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db, DbHandle } from './db/client';
import type { Sealer } from './lib/crypto';
import type { FileStore } from './lib/file-store';
import type { Mailer } from './lib/mailer';
import type { PasswordHasher } from './lib/passwords';

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
