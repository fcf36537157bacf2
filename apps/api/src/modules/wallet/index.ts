// The wallet screens (balance, statement lines): its routes, and the summary the clients module
// shows beside a client.
export { walletRoutes } from './wallet.routes';
export { walletSummary } from './wallet.service';
