// A client's switches (spec §4 "Clients can ... have auto top-up enabled or disabled, and have test
// mode toggled"): the platform allows or forbids test mode (forbidding also switches it off), the
// client switches its own portal between live and test when allowed, and the platform enables or
// disables auto top-up. Each change locks the corporate row, is audited and tells the client.
import { type AdminOnboardingDataView, CLIENT_TYPES, CREDIT_CLIENT_TYPES } from '@vendport/shared';
import { recordAudit } from '../../infra/audit';
import type { AppContext } from '../../infra/context';
import type { Db } from '../../infra/db/client';
import { AppError, badRequest, notFound } from '../../infra/errors';
import type { RequestContext } from '../../infra/request-context';
import { defaultServiceIds, listServices } from '../catalogue';
import { lockCorporateRecord, updateCorporateFlags } from '../corporates';
import { notifyCorporate } from '../notifications';

const TYPE_LABELS: Record<string, string> = {
  PREPAID: 'Prepaid',
  POSTPAID: 'Postpaid',
  POSTPAID_PLUS: 'Postpaid Plus',
};

/** Admin: allow or forbid test mode for a client. */
export async function setTestModeAllowed(
  ctx: AppContext,
  corporateId: string,
  allowed: boolean,
  rc: RequestContext,
) {
  await ctx.db.transaction(async (tx) => {
    const c = await lockCorporateRecord(tx, corporateId);
    if (!c) throw notFound('Corporate client');
    if (c.testModeAllowed === allowed) {
      throw badRequest(
        allowed ? 'Test mode is already allowed for this client' : 'Test mode is already off for this client',
      );
    }
    await updateCorporateFlags(
      tx,
      corporateId,
      allowed ? { testModeAllowed: true } : { testModeAllowed: false, testMode: false },
    );
    await notifyCorporate(
      tx,
      corporateId,
      allowed ? 'Test mode available' : 'Test mode turned off',
      allowed
        ? 'You can now switch your portal to test mode from Settings: purchases then use your sandbox wallet and the simulator, never live money.'
        : 'Test mode has been turned off for your account by VendPort. Your portal is live: purchases use your wallet.',
    );
    await recordAudit(tx, rc, {
      action: allowed ? 'clients.test-mode.allow' : 'clients.test-mode.forbid',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { name: c.name, testModeWas: c.testMode },
    });
  });
}

/** Client: switch the own portal between live and test, when the platform allows it. */
export async function setClientTestMode(
  ctx: AppContext,
  corporateId: string,
  testMode: boolean,
  rc: RequestContext,
) {
  return ctx.db.transaction(async (tx) => {
    const c = await lockCorporateRecord(tx, corporateId);
    if (!c) throw notFound('Corporate client');
    if (testMode && !c.testModeAllowed) {
      throw new AppError(
        'TEST_MODE_NOT_ALLOWED',
        403,
        'Test mode is not available on your account. Contact VendPort support to have it enabled.',
      );
    }
    if (c.testMode !== testMode) {
      await updateCorporateFlags(tx, corporateId, { testMode });
      await recordAudit(tx, rc, {
        action: testMode ? 'settings.test-mode.on' : 'settings.test-mode.off',
        targetType: 'corporate',
        targetId: corporateId,
        corporateId,
        summary: { from: c.testMode ? 'TEST' : 'LIVE', to: testMode ? 'TEST' : 'LIVE' },
      });
    }
    return { testMode, testModeAllowed: c.testModeAllowed };
  });
}

/** Admin: enable or disable auto top-up for a client. */
export async function setAutoTopUp(
  ctx: AppContext,
  corporateId: string,
  enabled: boolean,
  rc: RequestContext,
) {
  await ctx.db.transaction(async (tx) => {
    const c = await lockCorporateRecord(tx, corporateId);
    if (!c) throw notFound('Corporate client');
    if (c.autoTopUpEnabled === enabled) {
      throw badRequest(
        enabled
          ? 'Auto top-up is already enabled for this client'
          : 'Auto top-up is already disabled for this client',
      );
    }
    await updateCorporateFlags(tx, corporateId, { autoTopUpEnabled: enabled });
    await notifyCorporate(
      tx,
      corporateId,
      enabled ? 'Auto top-up enabled' : 'Auto top-up disabled',
      enabled
        ? 'Auto top-up has been enabled for your account: you can set it up from Auto Top-up Settings.'
        : 'Auto top-up has been disabled for your account by VendPort: scheduled top-ups will not run.',
    );
    await recordAudit(tx, rc, {
      action: enabled ? 'clients.auto-topup.enable' : 'clients.auto-topup.disable',
      targetType: 'corporate',
      targetId: corporateId,
      corporateId,
      summary: { name: c.name },
    });
  });
}

/** What the admin's onboarding form offers: client types and the services to assign. */
export async function adminOnboardingData(db: Db): Promise<AdminOnboardingDataView> {
  const [services, defaults] = await Promise.all([
    listServices(db, { status: 'ACTIVE' }, null),
    defaultServiceIds(db),
  ]);
  const isDefault = new Set(defaults);
  return {
    clientTypes: CLIENT_TYPES.map((t) => ({
      value: t,
      label: TYPE_LABELS[t] ?? t,
      credit: (CREDIT_CLIENT_TYPES as readonly string[]).includes(t),
    })),
    services: services.map(({ service: s }) => ({
      id: s.id,
      network: s.network,
      service: s.serviceType,
      platform: s.platform,
      isDefault: isDefault.has(s.id),
    })),
  };
}
