// The catalogue module's public surface: the service and plan rows other modules read, the data
// plans the vending API lists, and the SQL fragment that reads a client's assigned services in
// the same query as its API key (the vend hot path stays one round trip).
export type { DataPlanRow, ServiceJson, ServiceRow } from './catalogue.repo';
export {
  ASSIGNED_SERVICE_IDS,
  ASSIGNED_SERVICES_JSON,
  SERVICES_JSON_WHERE_ID_IN,
  serviceFieldOf,
  servicesFromJson,
} from './catalogue.repo';
export { listPlans, planForVend, serviceUnavailable } from './catalogue.service';
