// Issue 53 point 9: a data plan that no provider on its route has a code for is a configuration
// gap, not an outage. The class test walks every real provider the configuration knows
// (PROVIDER_IDS): with it as the only provider, a vend of an unmapped plan is refused as the plan
// being unavailable (422, which the portal does not retry; not 503 "try again shortly"), nothing
// is debited, the catalogue's admins are told once, and a code saved for the plan re-arms the alert.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_IDS } from '../../../infra/config';
import { createAdmin, createCorporate, type TestUser } from '../../../test/factories';
import { apiAs, buildTestApp, type TestApp } from '../../../test/harness';
import { putProviderPlan } from '../../catalogue';
import { apiKeyFor, apiVend, assignDefaults, balances, fund, newRef } from '../vending.testing';

/** What makes each real provider configured (no call reaches it: the route is refused first). */
const CREDENTIALS: Record<string, Record<string, string>> = {
  VTPASS: { VTPASS_API_KEY: 'k', VTPASS_SECRET_KEY: 's', VTPASS_PUBLIC_KEY: 'p' },
  RELOADLY: { RELOADLY_CLIENT_ID: 'id', RELOADLY_CLIENT_SECRET: 'secret' },
};

const PLAN = 'MTN-1.5GB-30D';
const REAL = PROVIDER_IDS.filter((p) => p !== 'SIMULATOR');

describe.each(REAL)('[VEND] a plan with no code at %s, the only provider', (provider) => {
  let t: TestApp;
  let admin: TestUser;
  let corp: TestUser & { corporateId: string };
  let key: string;
  const api = apiAs(() => t);
  const q = <T>(text: string, params: unknown[] = []) => t.app.ctx.dbHandle.query<T>(text, params);

  beforeAll(async () => {
    expect(CREDENTIALS[provider], `add ${provider}'s credentials to CREDENTIALS`).toBeDefined();
    t = await buildTestApp({
      env: { ...CREDENTIALS[provider], AGGREGATOR_PROVIDERS: provider, VTU_PROVIDERS: '' },
    });
    admin = await createAdmin(t.app);
    corp = await createCorporate(t.app);
    await assignDefaults(t.app, corp.corporateId);
    await fund(t.app, corp.corporateId, 1_000_000);
    key = await apiKeyFor(t.app, corp.corporateId);
    await q(`delete from provider_plans where data_plan_id = (select id from data_plans where code = $1)`, [
      PLAN,
    ]);
  });
  afterAll(() => t?.close());

  const alerts = async () =>
    (
      await q<{ n: number }>(
        `select count(*)::int as n from notifications where user_id = $1 and subject like 'Data plan %'`,
        [admin.id],
      )
    )[0]!.n;

  it(`[VEND] ${provider}: refused as unavailable (422, not retried), nothing debited, admins told once, re-armed by a code`, async () => {
    const before = await balances(t.app, corp.corporateId);
    const portal = await api('POST', 'vend', corp, {
      phone: '08031234567',
      network: 'MTN',
      type: 'DATA',
      planCode: PLAN,
    });
    const ref = newRef('gap');
    const viaApi = await apiVend(t.app, key, {
      reference: ref,
      type: 'DATA',
      amount: undefined,
      planCode: PLAN,
    });
    for (const res of [portal, viaApi]) {
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ success: false, code: 'PLAN_UNAVAILABLE' });
      expect(res.json().message).toMatch(/not available/);
      expect(res.json().message).not.toMatch(/try again|vtpass|reloadly/i);
    }
    expect(await balances(t.app, corp.corporateId)).toEqual(before);
    expect((await q(`select 1 from vends where reference = $1`, [ref])).length).toBe(0);
    expect(await alerts()).toBe(1); // two refusals, one alert

    // A code saved for the plan re-arms the alert: a later gap (the code withdrawn) is news again.
    const [{ id }] = await q<{ id: string }>(`select id from data_plans where code = $1`, [PLAN]);
    await putProviderPlan(t.app.ctx.db, {
      dataPlanId: id,
      provider,
      providerCode: 'x',
      providerPriceKobo: null,
      active: true,
    });
    await q(`update provider_plans set active = false where data_plan_id = $1`, [id]);
    expect(
      (
        await api('POST', 'vend', corp, {
          phone: '08031234567',
          network: 'MTN',
          type: 'DATA',
          planCode: PLAN,
        })
      ).statusCode,
    ).toBe(422);
    expect(await alerts()).toBe(2);
  });
});
