export { IP_ALLOWLIST_ARRAY } from './ip-allowlist.repo';
export { ipAllowlistRoutes } from './ip-allowlist.routes';
export { assertIpAllowed, ipAllowed } from './ip-allowlist.service';
