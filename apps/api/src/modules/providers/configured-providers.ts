// The real upstreams of a server: one adapter per provider whose keys are set (infra/config.ts
// decides which are configured). Built once per app by the registry.
import type { AppContext } from '../../infra/context';
import type { Provider } from './providers.service';
import { createReloadlyClient } from './reloadly.client';
import { ReloadlyProvider } from './reloadly.provider';
import { VtpassProvider } from './vtpass.provider';
import { vtpassClientOf } from './vtpass-client-of';

export function configuredProviders(ctx: AppContext): Partial<Record<'VTPASS' | 'RELOADLY', Provider>> {
  const c = ctx.config;
  const out: Partial<Record<'VTPASS' | 'RELOADLY', Provider>> = {};
  // A little under the lifecycle's own limit, so the adapter's answer (no answer) is the one kept.
  const timeoutMs = c.PROVIDER_TIMEOUT_MS - 50;
  const vtpass = vtpassClientOf(ctx, timeoutMs);
  if (vtpass) out.VTPASS = new VtpassProvider(vtpass, ctx.log);
  if (c.configuredProviders.includes('RELOADLY')) {
    out.RELOADLY = new ReloadlyProvider(
      createReloadlyClient({
        authUrl: c.RELOADLY_AUTH_URL,
        baseUrl: c.RELOADLY_BASE_URL,
        clientId: c.RELOADLY_CLIENT_ID!,
        clientSecret: c.RELOADLY_CLIENT_SECRET!,
        timeoutMs: Math.max(100, timeoutMs),
      }),
      ctx.log,
    );
  }
  return out;
}
