// The IP allow-list's plain reads, as its routes call them (the repo's own functions).
export { listIps } from './ip-allowlist.repo';
