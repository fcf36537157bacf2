// IPv4/IPv6 addresses and CIDR ranges: parsing and matching (IP allow-lists, trusted proxies).
// The parser lives in the shared package so the portal's allow-list form validates exactly as
// the API does.
export { ipInList, ipMatches, ipVersion, parseIpOrCidr } from '@vendport/shared';
