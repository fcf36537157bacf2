import path from 'node:path';
import type { Config } from '../config';
import type { DbTarget } from './client';

export function dbTargetOf(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'> & Partial<Pick<Config, 'DATABASE_POOL_SIZE'>>,
): DbTarget {
  return config.DATABASE_URL
    ? { url: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE }
    : { pgliteDir: path.join(config.DATA_DIR, 'pglite') };
}
