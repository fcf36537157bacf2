// The providers module's public surface: what other modules and the composition may use.
export {
  callProvider,
  type ProviderAnswer,
  providerNamed,
  providersOf,
  SANDBOX_PROVIDER,
  type VendRequest,
} from './providers.service';
