// A graceful stop (what SIGTERM and Ctrl+C run: server.ts close -> app.close): the instance stops
// taking requests, lets the vends it is calling providers for reach a recorded state, and closes
// within a bounded time even when a provider never answers.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vends } from '../../../infra/db/schema';
import { createAdmin, createCorporate } from '../../../test/factories';
import { buildTestApp } from '../../../test/harness';
import type { Provider } from '../../providers/providers.service';
import { installProviders, providersOf } from '../../providers/registry';
import { apiKeyFor, apiVend, assignDefaults, fund, newRef } from '../vending.testing';

async function appWithSlowProvider(answerAfterMs: number | null) {
  const t = await buildTestApp();
  await createAdmin(t.app);
  const corp = await createCorporate(t.app);
  await assignDefaults(t.app, corp.corporateId);
  await fund(t.app, corp.corporateId, 1_000_000);
  const key = await apiKeyFor(t.app, corp.corporateId);
  const real = providersOf(t.app.ctx);
  let called!: () => void;
  const calledP = new Promise<void>((r) => {
    called = r;
  });
  const slow: Provider = {
    name: 'AGGREGATOR',
    vend: async () => {
      called();
      if (answerAfterMs === null) await new Promise(() => {}); // never answers
      await new Promise((r) => setTimeout(r, answerAfterMs ?? 0));
      return { outcome: 'SUCCESS', message: 'Delivered', providerReference: 'SLOW-1' };
    },
    query: real.forPlatform('AGGREGATOR').query,
    balance: real.forPlatform('AGGREGATOR').balance,
  };
  installProviders(t.app.ctx, { forPlatform: () => slow, sandbox: real.sandbox });
  return { t, key, calledP };
}

describe('[SHUTDOWN] a graceful stop', () => {
  it('[SHUTDOWN] refuses new requests, waits for the vend in flight to be recorded, then closes', async () => {
    const { t, key, calledP } = await appWithSlowProvider(1_500);
    const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const reference = newRef('STOP');
    const inFlight = apiVend(t.app, key, { reference, phone: '08031234561', network: 'MTN', amount: 100 });
    await calledP;
    const started = Date.now();
    const closing = t.app.close();
    // While closing, the instance takes no new connection (a load balancer moves on).
    const late = await fetch(`${url}/api/v1/health`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect(late === 'refused' || late === 503).toBe(true);
    await closing;
    expect((await inFlight).json().data).toMatchObject({ reference, status: 'SUCCESSFUL' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000); // it waited for the provider
    await t.close().catch(() => {});
  });

  it('[SHUTDOWN] a provider that never answers does not hold the stop: it ends in bounded time, the vend stays PENDING for recovery', async () => {
    const { t, key, calledP } = await appWithSlowProvider(null);
    const reference = newRef('HANG');
    void apiVend(t.app, key, { reference, phone: '08031234562', network: 'MTN', amount: 100 });
    await calledP;
    // Read the row before the database closes with the app.
    const [row] = await t.app.ctx.db.select().from(vends).where(eq(vends.reference, reference));
    expect(row).toMatchObject({ status: 'PENDING' });
    expect(row.requeryAt).not.toBeNull(); // the crash guard: the sweep or the next start requeries it
    const started = Date.now();
    await t.close();
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 30_000);
});
