// The IP allow-list module's public surface: the ip_allowlist table is its own
// (scripts/table-owners.mjs); the API-key lookup reads a client's list through this fragment.
export { IP_ALLOWLIST_ARRAY } from './ip-allowlist.repo';
