// The catalogue module's public surface: the service and plan rows other modules read, the data
// plans the vending API lists, and the SQL fragment that reads a client's assigned services in
// the same query as its API key (the vend hot path stays one round trip).
export type { DataPlanRow, ServiceJson, ServiceRow } from './catalogue.repo';
export { ASSIGNED_SERVICES_JSON, servicesFromJson } from './catalogue.repo';
export { catalogueRoutes } from './catalogue.routes';
export {
  assignDefaultServices,
  assignServices,
  defaultServiceIds,
  ensureDefaultCatalogue,
  listPlans,
  listServices,
  planForVend,
  planOut,
  serviceOut,
  serviceUnavailable,
} from './catalogue.service';
