// The upstreams a vend is delivered through (the simulator, VTpass, Reloadly): the vending module
// calls them by route step, with one request shape and one answer shape; the route order per
// platform and the providers' balances are read here too.

export { type RealProvider, readUpstreamBalance, refreshAfterLowBalance } from './balance.service';
export type {
  BillFacts,
  BillPayRequest,
  BillVariation,
  BillVerifyAnswer,
  BillVerifyRequest,
  VerifiedCustomer,
} from './bills';
export { SIM_BOUQUETS } from './bills';
export { failureCauseOf } from './client-causes';
export {
  BREAKER_STATES,
  type BreakerState,
  CALL_OUTCOMES,
  type CallOutcome,
  type CallStats,
  callCounts,
  callStats,
  pruneCalls as pruneProviderCalls,
} from './health.repo';
export {
  breakerRows,
  breakerSkips,
  forceBreaker,
  observeProviderCalls,
  probesSettled,
  recordProviderCall,
} from './health.service';
export {
  claimLowAlert,
  markLowAlert,
  providerBalanceRows,
  recordProviderBalance,
  savePlatformProviders,
} from './providers.repo';
export {
  callProvider,
  type ProviderAnswer,
  type ProviderOutcome,
  type ProviderRecord,
  parseStep,
  type RouteStep,
  SANDBOX_PLATFORM,
  stepOf,
  type VendRequest,
} from './providers.service';
export { providerOfStep, providersOf } from './registry';
export { signReloadlyWebhook, verifyReloadlySignature } from './reloadly.signature';
export {
  forgetPlatformRoutes,
  knownBalances,
  type PlatformRoute,
  platformRoutes,
  routeSteps,
  usable,
} from './routing.service';
export type { VtpassClient, VtpassError, VtpassVariations } from './vtpass.client';
export { vtpassRequestId } from './vtpass.client';
export { vtpassServiceId } from './vtpass.provider';
export { vtpassClientOf } from './vtpass-client-of';
