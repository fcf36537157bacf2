// The app's providers: the simulators, and each real upstream whose keys are set (configured-providers.ts);
// tests install others. providerOfStep finds the one a vend's route step names.
import type { Platform } from '@vendport/shared';
import type { AppContext } from '../../infra/context';
import { configuredProviders } from './configured-providers';
import {
  type Provider,
  type ProviderRegistry,
  parseStep,
  SANDBOX_PLATFORM,
  simulatorRegistry,
} from './providers.service';

const registries = new WeakMap<AppContext, ProviderRegistry>();

/** The app's providers: the simulators, and each real upstream whose keys are set. */
export function providersOf(ctx: AppContext): ProviderRegistry {
  let r = registries.get(ctx);
  if (!r) {
    r = {
      ...simulatorRegistry(ctx.config.SIMULATOR_LATENCY_MS, {
        failurePercent: ctx.config.SIMULATOR_FAILURE_PERCENT,
        timeoutPercent: ctx.config.SIMULATOR_TIMEOUT_PERCENT,
        jitterMs: ctx.config.SIMULATOR_LATENCY_JITTER_MS,
      }),
      upstreams: configuredProviders(ctx),
    };
    registries.set(ctx, r);
  }
  return r;
}

export function installProviders(ctx: AppContext, registry: ProviderRegistry) {
  registries.set(ctx, registry);
}

export class ProviderNotConfiguredError extends Error {
  constructor(provider: string) {
    super(`${provider} is not configured on this server`);
  }
}

/** The provider of a route step. An upstream that is no longer configured throws (an unknown outcome). */
export function providerOfStep(ctx: AppContext, step: string): Provider {
  const { platform, provider } = parseStep(step);
  const r = providersOf(ctx);
  if (provider === 'SIMULATOR')
    return platform === SANDBOX_PLATFORM ? r.sandbox : r.forPlatform(platform as Platform);
  const p = r.upstreams?.[provider];
  if (!p) throw new ProviderNotConfiguredError(provider);
  return p;
}
