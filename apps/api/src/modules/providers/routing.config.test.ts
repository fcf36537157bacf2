// Which providers serve a platform, from the environment (issue 32), and the start checks that keep
// the simulator away from live vends in production.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/config';

const vtpass = { VTPASS_API_KEY: 'k', VTPASS_SECRET_KEY: 's', VTPASS_PUBLIC_KEY: 'p' };

describe('[PROVIDERS] provider configuration', () => {
  it('[PROVIDERS] outside production the simulator serves both platforms by default', () => {
    const c = loadConfig({ NODE_ENV: 'development' });
    expect(c.platformProviders).toEqual({ AGGREGATOR: ['SIMULATOR'], VTU: ['SIMULATOR'] });
    expect(c.configuredProviders).toEqual(['SIMULATOR']);
  });

  it('[PROVIDERS] a provider with its keys set is configured; the lists keep their order', () => {
    const c = loadConfig({ ...vtpass, AGGREGATOR_PROVIDERS: 'VTPASS, SIMULATOR', VTU_PROVIDERS: '' });
    expect(c.configuredProviders).toEqual(['SIMULATOR', 'VTPASS']);
    expect(c.platformProviders.AGGREGATOR).toEqual(['VTPASS', 'SIMULATOR']);
  });

  it('[PROVIDERS] production without a real provider does not start, and says what to set', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /VTPASS_API_KEY, VTPASS_SECRET_KEY and VTPASS_PUBLIC_KEY/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', AGGREGATOR_PROVIDERS: 'SIMULATOR' })).toThrow(
      /AGGREGATOR_PROVIDERS: the simulator cannot take live vends in production/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', AGGREGATOR_PROVIDERS: 'VTPASS' })).toThrow(
      /VTPASS is named but not configured/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', AGGREGATOR_PROVIDERS: 'RELOADLY' })).toThrow(
      /RELOADLY_CLIENT_ID and RELOADLY_CLIENT_SECRET/,
    );
    const ok = loadConfig({ NODE_ENV: 'production', ...vtpass, AGGREGATOR_PROVIDERS: 'VTPASS' });
    expect(ok.platformProviders).toEqual({ AGGREGATOR: ['VTPASS'], VTU: [] });
    expect(ok.configuredProviders).toEqual(['VTPASS']);
  });

  it('[PROVIDERS] an unknown provider id is refused with the list of known ones', () => {
    expect(() => loadConfig({ AGGREGATOR_PROVIDERS: 'VTPASS,ACME' })).toThrow(/SIMULATOR, VTPASS, RELOADLY/);
  });
});
