// Settings: the API IP allow-list (spec §7 Settings: GET ip, POST ip/add; DELETE ip/{id}).
import { ipAddBody, ipEntryView, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { corporateOf, requestContextOf } from '../../infra/request-context';
import { addIp, removeIp } from './ip-allowlist.service';
import { listIps } from './ip-allowlist-reads.service';

// 'settings.manage' names an admin permission too: the area is spelled out.
const SETTINGS_READ = { CORPORATE: 'settings.read' } as const;
const SETTINGS_MANAGE = { CORPORATE: 'settings.manage' } as const;
const out = (r: { id: string; address: string; createdAt: Date }) => ({
  id: r.id,
  address: r.address,
  createdAt: r.createdAt.toISOString(),
});

export async function ipAllowlistRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Settings: IP allow-list'];

  r.get(
    '/ip',
    {
      config: { permission: SETTINGS_READ },
      schema: {
        tags,
        summary: 'The addresses allowed to call the API with your keys (empty: any address)',
        response: { 200: successEnvelope(z.array(ipEntryView)) },
      },
    },
    async (req) => ok('IP allow-list retrieved', (await listIps(ctx.db, corporateOf(req))).map(out)),
  );

  r.post(
    '/ip/add',
    {
      config: { permission: SETTINGS_MANAGE },
      schema: {
        tags,
        summary: 'Allow an IPv4/IPv6 address or CIDR range',
        body: ipAddBody,
        response: { 201: successEnvelope(ipEntryView) },
      },
    },
    async (req, reply) => {
      const row = await addIp(ctx.db, requestContextOf(req), corporateOf(req), req.body.address);
      return reply.status(201).send(ok('IP address added', out(row)));
    },
  );

  r.delete(
    '/ip/:id',
    {
      config: { permission: SETTINGS_MANAGE },
      schema: {
        tags,
        summary: 'Remove an address from the allow-list',
        params: z.object({ id: z.string().uuid('IP address not found') }),
        response: { 200: successEnvelope(ipEntryView) },
      },
    },
    async (req) => {
      const row = await removeIp(ctx.db, requestContextOf(req), corporateOf(req), req.params.id);
      return ok('IP address removed', out(row));
    },
  );
}
