// The upstreams a vend is delivered through (the built-in simulator today): the vending module
// calls them by name, with one request shape and one answer shape.
export {
  callProvider,
  type ProviderAnswer,
  providerNamed,
  providersOf,
  SANDBOX_PROVIDER,
  type VendRequest,
} from './providers.service';
