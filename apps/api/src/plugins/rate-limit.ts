// Rate limits of the vending API (issue 34): every call answered with an API key takes a token of
// its key's and its client's buckets (modules/rate-limits) after the key is read, and every
// answer carries the RateLimit-* fields. Without a token: 429 RATE_LIMITED with Retry-After,
// except a vend whose reference the client already has (answered as a replay, never refused for
// rate; looked up on this refusal path only). Runs before validation, once the body is parsed:
// a malformed call spends a token too.
import { vendReference } from '@vendport/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../infra/context';
import { countRefusal, rateLimited, rateLimitHeaders, takeApiToken } from '../modules/rate-limits';
import { apiVendReplayable } from '../modules/vending';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** With apiKey: a refused call whose body names a reference the client has vended is let through. */
    rateLimitReplay?: boolean;
  }
}

/** The body's reference, when it is one a vend could have. */
function referenceOf(req: FastifyRequest): string | null {
  const body = req.body as { reference?: unknown } | null | undefined;
  const parsed = vendReference.safeParse(body?.reference);
  return parsed.success ? parsed.data : null;
}

export function registerRateLimits(app: FastifyInstance, ctx: AppContext) {
  app.addHook('preValidation', async (req, reply) => {
    const client = req.apiClient;
    if (!client || !req.routeOptions.config.apiKey) return;
    const verdict = await takeApiToken(ctx, client);
    reply.headers(rateLimitHeaders(verdict));
    if (verdict.ok) return;
    if (req.routeOptions.config.rateLimitReplay) {
      const reference = referenceOf(req);
      if (reference && (await apiVendReplayable(ctx.db, client, reference))) return;
    }
    countRefusal(ctx, client);
    throw rateLimited(verdict);
  });
}
