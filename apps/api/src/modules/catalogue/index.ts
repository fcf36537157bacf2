// The catalogue module's public surface: the service and plan rows other modules read, the data
// plans the vending API lists, and the SQL fragment that reads a client's assigned services in
// the same query as its API key (the vend hot path stays one round trip).

export { BILL_SERVICE_KINDS, type BouquetRow, listBillers, listBouquets } from './billers.repo';
export {
  billerForClient,
  billerOut,
  bouquetForPay,
  bouquetOut,
  ensureDefaultBillers,
} from './billers.service';
export {
  ASSIGNED_SERVICE_IDS,
  ASSIGNED_SERVICES_JSON,
  catalogueNamesOf,
  type DataPlanRow,
  SERVICES_JSON_WHERE_ID_IN,
  type ServiceJson,
  type ServiceRow,
  serviceFieldOf,
  servicesFromJson,
} from './catalogue.repo';
export { catalogueRoutes } from './catalogue.routes';
export {
  assignDefaultServices,
  assignServices,
  ensureDefaultCatalogue,
  planForVend,
  planOut,
  serviceOut,
  serviceUnavailable,
} from './catalogue.service';
export { defaultServiceIds, listPlans, listServices } from './catalogue-reads.service';
export {
  claimPlanGapAlert,
  type ProviderPlanRow,
  providerPlanCode,
  providerPlansOf,
  putProviderPlan,
} from './provider-plans.repo';
