// A VTpass client configured from the server's settings, for modules that read VTpass's catalogue
// (the catalogue's provider-plan sync) and for the vending adapter (configured-providers.ts). Null when VTpass's
// keys are not set.
import type { AppContext } from '../../infra/context';
import { createVtpassClient, type VtpassClient } from './vtpass.client';

export function vtpassClientOf(
  ctx: Pick<AppContext, 'config'>,
  timeoutMs = ctx.config.PROVIDER_TIMEOUT_MS,
): VtpassClient | null {
  const c = ctx.config;
  if (!c.configuredProviders.includes('VTPASS')) return null;
  return createVtpassClient({
    baseUrl: c.VTPASS_BASE_URL,
    apiKey: c.VTPASS_API_KEY!,
    secretKey: c.VTPASS_SECRET_KEY!,
    publicKey: c.VTPASS_PUBLIC_KEY!,
    timeoutMs: Math.max(100, timeoutMs),
  });
}
