// The real upstreams of a server: one adapter per provider whose keys are set (infra/config.ts
// decides which are configured). Built once per app by the registry.
import type { AppContext } from '../../infra/context';
import type { Provider } from './providers.service';
import { createReloadlyClient } from './reloadly.client';
import { ReloadlyProvider } from './reloadly.provider';
import { createVtpassClient } from './vtpass.client';
import { VtpassProvider } from './vtpass.provider';

export function upstreamsOf(ctx: AppContext): Partial<Record<'VTPASS' | 'RELOADLY', Provider>> {
  const c = ctx.config;
  const out: Partial<Record<'VTPASS' | 'RELOADLY', Provider>> = {};
  if (c.configuredProviders.includes('VTPASS')) {
    out.VTPASS = new VtpassProvider(
      createVtpassClient({
        baseUrl: c.VTPASS_BASE_URL,
        apiKey: c.VTPASS_API_KEY!,
        secretKey: c.VTPASS_SECRET_KEY!,
        publicKey: c.VTPASS_PUBLIC_KEY!,
        // A little under the lifecycle's own limit, so the adapter's answer (no answer) is the one kept.
        timeoutMs: Math.max(100, c.PROVIDER_TIMEOUT_MS - 50),
      }),
      ctx.log,
    );
  }
  if (c.configuredProviders.includes('RELOADLY')) {
    out.RELOADLY = new ReloadlyProvider(
      createReloadlyClient({
        authUrl: c.RELOADLY_AUTH_URL,
        baseUrl: c.RELOADLY_BASE_URL,
        clientId: c.RELOADLY_CLIENT_ID!,
        clientSecret: c.RELOADLY_CLIENT_SECRET!,
        timeoutMs: Math.max(100, c.PROVIDER_TIMEOUT_MS - 50),
      }),
      ctx.log,
    );
  }
  return out;
}
