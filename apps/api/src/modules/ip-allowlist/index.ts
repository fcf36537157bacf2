// The ip-allowlist module's public surface: its routes, and the check of a caller's address
// against a client's list (the api-key plugin and the vending API).
export { ipAllowlistRoutes } from './ip-allowlist.routes';
export { assertIpAllowed, ipAllowed } from './ip-allowlist.service';
