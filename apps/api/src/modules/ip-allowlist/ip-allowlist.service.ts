// The client's IP allow-list for API-key calls: IPv4/IPv6 addresses and CIDR ranges. An empty
// list allows every address. Enforced on request.ip, which honours X-Forwarded-For only from
// TRUSTED_PROXIES (Fastify trustProxy in app.ts), so a caller cannot claim an address.

import { recordAudit } from '../../infra/audit';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest, conflict, notFound } from '../../infra/errors';
import { ipInList, parseIpOrCidr } from '../../infra/ip';
import { callerOf, type RequestContext } from '../../infra/request-context';
import * as repo from './ip-allowlist.repo';

export const MAX_IP_ENTRIES = 100;

export async function addIp(db: Db, rc: RequestContext, corporateId: string, address: string) {
  const actorId = callerOf(rc).userId;
  const canonical = parseIpOrCidr(address)?.toLowerCase();
  if (!canonical)
    throw badRequest('Enter a valid IPv4 or IPv6 address or CIDR range (e.g. 203.0.113.7 or 10.0.0.0/8)');
  if ((await repo.countIps(db, corporateId)) >= MAX_IP_ENTRIES)
    throw badRequest(`The allow-list holds at most ${MAX_IP_ENTRIES} entries`);
  return db.transaction(async (tx) => {
    const row = await repo.insertIp(tx, { corporateId, address: canonical, createdById: actorId });
    if (!row) throw conflict(`${canonical} is already on the allow-list`);
    await recordAudit(tx, rc, {
      action: 'ip.add',
      targetType: 'ip_allowlist',
      targetId: row.id,
      summary: { address: row.address },
    });
    return row;
  });
}

export async function removeIp(db: Db, rc: RequestContext, corporateId: string, id: string) {
  return db.transaction(async (tx) => {
    const row = await repo.deleteIp(tx, corporateId, id);
    if (!row) throw notFound('IP address');
    await recordAudit(tx, rc, {
      action: 'ip.remove',
      targetType: 'ip_allowlist',
      targetId: row.id,
      summary: { address: row.address },
    });
    return row;
  });
}

/** Whether the allow-list lets `ip` in: an empty list allows every address. */
export const ipAllowed = (rules: string[], ip: string) => !rules.length || ipInList(ip, rules);

/** Refuses an API call from an address outside a non-empty allow-list (loaded with the key). */
export function assertIpAllowed(rules: string[], ip: string) {
  if (!ipAllowed(rules, ip)) {
    throw new AppError(
      'IP_NOT_ALLOWED',
      403,
      `Requests from ${ip} are not allowed for this API key. Add the address to your IP allow-list.`,
    );
  }
}
