// The ops module's plain reads, as its routes call them (the repo's own functions).
export { appliedMigrations } from './ops.repo';
