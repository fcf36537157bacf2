// Development helpers, registered only when config.devRoutes is on (never in production):
// GET /dev/outbox reads the email outbox, so codes can be read without an SMTP server.
import { successEnvelope } from '@vendport/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { outboxEmails } from '../../db/schema';
import { ok } from '../../lib/http';

const OUTBOX_LIMIT = 50;

const outboxEmail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.string(),
});

export async function devRoutes(app: FastifyInstance, ctx: AppContext) {
  if (!ctx.config.devRoutes) return;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dev/outbox',
    {
      config: { public: true },
      schema: {
        tags: ['Development'],
        summary: 'The latest 50 emails written to the outbox (development only)',
        querystring: z.object({ to: z.string().trim().toLowerCase().max(254).optional() }),
        response: { 200: successEnvelope(z.array(outboxEmail)) },
      },
    },
    async (req) => {
      const rows = await ctx.db
        .select({
          id: outboxEmails.id,
          to: outboxEmails.to,
          subject: outboxEmails.subject,
          text: outboxEmails.text,
          createdAt: outboxEmails.createdAt,
        })
        .from(outboxEmails)
        .where(req.query.to ? eq(outboxEmails.to, req.query.to) : undefined)
        .orderBy(desc(outboxEmails.createdAt), desc(outboxEmails.id))
        .limit(OUTBOX_LIMIT);
      return ok(
        'Outbox emails retrieved',
        rows.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
      );
    },
  );
}
