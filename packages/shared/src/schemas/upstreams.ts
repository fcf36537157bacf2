// The admin Providers screen (issue 32): each upstream provider (the simulator, VTpass, Reloadly)
// with its keys, last balance and last day of attempts, and the provider order per platform.
import { z } from 'zod';
import { PLATFORMS, platformLabel } from './catalogue';

export const UPSTREAM_PROVIDERS = ['SIMULATOR', 'VTPASS', 'RELOADLY'] as const;
export type UpstreamProvider = (typeof UPSTREAM_PROVIDERS)[number];

export const UPSTREAM_PROVIDER_LABELS: Record<UpstreamProvider, string> = {
  SIMULATOR: 'Simulator',
  VTPASS: 'VTpass',
  RELOADLY: 'Reloadly',
};

export const providerLabel = (p: string) => UPSTREAM_PROVIDER_LABELS[p as UpstreamProvider] ?? p;

/**
 * A route step as people say it: "Aggregator API · VTpass" for AGGREGATOR:VTPASS. A provider or a
 * platform alone (the timeline of vends from before issue 32 names platforms) reads as its label.
 */
export function routeStepLabel(step: string): string {
  const at = step.indexOf(':');
  if (at < 0) return UPSTREAM_PROVIDER_LABELS[step as UpstreamProvider] ?? platformLabel(step);
  return `${platformLabel(step.slice(0, at))} · ${providerLabel(step.slice(at + 1))}`;
}

/** A provider's attempts over the last 24 hours. */
export const providerStatsView = z.object({
  /**
   * Whether the provider's calls are counted here: a real upstream's attempts are; the simulator's
   * calls are on each vend's timeline only, so its figures are not "0 attempts" but not counted.
   */
  counted: z.boolean(),
  attempts: z.number().int(),
  successful: z.number().int(),
  failed: z.number().int(),
  /** Delivered, then refunded by the provider: neither a success nor a failure of the call. */
  reversed: z.number().int(),
  /** Successful attempts over answered ones (successful + failed + reversed), in percent; null without any. */
  successRate: z.number().nullable(),
  p50Ms: z.number().int().nullable(),
  p95Ms: z.number().int().nullable(),
  /** Attempts whose outcome is still unknown (sent, timed out, not found yet). */
  unknownOpen: z.number().int(),
});

export const BREAKER_STATES = ['CLOSED', 'OPEN', 'HALF_OPEN'] as const;
export type BreakerStateName = (typeof BREAKER_STATES)[number];
export const BREAKER_STATE_LABELS: Record<BreakerStateName, string> = {
  CLOSED: 'Closed: taking vends',
  OPEN: 'Open: skipped by new vends',
  HALF_OPEN: 'Half-open: being probed',
};

/** A real upstream's circuit breaker (issue 49) and its last hour of vend calls. */
export const providerHealthView = z.object({
  state: z.enum(BREAKER_STATES),
  /** When it entered that state; null when it never left CLOSED. */
  since: z.string().nullable(),
  reason: z.string().nullable(),
  /** An admin forced it: it stays so until an admin changes it. */
  forced: z.boolean(),
  lastHour: z.object({
    delivered: z.number().int(),
    failed: z.number().int(),
    unknown: z.number().int(),
    timeout: z.number().int(),
    refused: z.number().int(),
    p50Ms: z.number().int().nullable(),
    p95Ms: z.number().int().nullable(),
  }),
});
export type ProviderHealthView = z.infer<typeof providerHealthView>;

/** An admin forces a provider's breaker open or closed (password-confirmed). */
export const providerHealthBody = z.object({
  state: z.enum(['OPEN', 'CLOSED'], { error: 'Choose open or closed' }),
  reason: z.string({ error: 'Say why' }).trim().min(3, 'Say why (at least 3 characters)').max(300),
  password: z.string({ error: 'Enter your password' }).min(1, 'Enter your password').max(200),
});
export type ProviderHealthBody = z.infer<typeof providerHealthBody>;

export const upstreamProviderView = z.object({
  id: z.enum(UPSTREAM_PROVIDERS),
  name: z.string(),
  /** Its keys are set on this server (the simulator: outside production). */
  configured: z.boolean(),
  /** It may take live vends here. */
  usable: z.boolean(),
  /** A real upstream whose balance can be read (not the simulator). */
  hasBalance: z.boolean(),
  balanceKobo: z.number().int().nullable(),
  balanceCheckedAt: z.string().nullable(),
  balanceError: z.string().nullable(),
  /** The last balance is below the low-balance alert. */
  lowBalance: z.boolean(),
  last24h: providerStatsView,
  /** Null for the simulator (it has no breaker). */
  health: providerHealthView.nullable(),
});
export type UpstreamProviderView = z.infer<typeof upstreamProviderView>;

export const platformRouteView = z.object({
  platform: z.enum(PLATFORMS),
  /** What vends use, in failover order. */
  providers: z.array(z.enum(UPSTREAM_PROVIDERS)),
  /** Where the order comes from: saved here, or the server's environment. */
  source: z.enum(['ADMIN', 'ENVIRONMENT']),
  /** Named in the order but not usable on this server. */
  unusable: z.array(z.enum(UPSTREAM_PROVIDERS)),
  /** Why the platform takes no vends, in plain words; null when it has a provider. */
  note: z.string().nullable(),
});
export type PlatformRouteView = z.infer<typeof platformRouteView>;

export const providersScreenView = z.object({
  providers: z.array(upstreamProviderView),
  platforms: z.array(platformRouteView),
  /** Below this balance the admins are alerted (kobo). */
  lowBalanceKobo: z.number().int(),
});
export type ProvidersScreenView = z.infer<typeof providersScreenView>;

/** Saves a platform's provider order; an empty list turns the platform off. */
export const providerRoutesBody = z.object({
  platform: z.string({ error: 'Choose a platform' }).trim().min(1, 'Choose a platform').max(32),
  providers: z.array(z.string().trim().min(1).max(32)).max(10, 'At most 10 providers'),
});
export type ProviderRoutesBody = z.infer<typeof providerRoutesBody>;
