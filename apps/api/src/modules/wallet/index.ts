// The wallet module's public surface: what other modules and the composition may use.
export { walletRoutes } from './wallet.routes';
export { walletSummary } from './wallet.service';
