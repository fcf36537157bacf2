// The operators' surface: metrics and health probes.

export { appliedMigrations } from './ops.repo';
export { healthProbes, metricsRoutes } from './ops.routes';
