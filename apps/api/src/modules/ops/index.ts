// The operators' surface: metrics and health probes.
export { healthProbes, metricsRoutes } from './ops.routes';
