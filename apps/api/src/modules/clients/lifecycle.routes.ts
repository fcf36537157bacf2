// A client's lifecycle calls (spec §7 Clients, Auth): POST onboard and GET onboarding-data (an
// admin's form; a client's own onboarding progress), PUT reset-password, PUT test-mode (admin),
// PUT client-test-mode (client), PUT corporate-clients/auto-topup. Admin changes are
// password-confirmed; all are audited.
import {
  adminOnboardingDataView,
  autoTopupSwitchBody,
  clientTestModeBody,
  corporateClientDetailView,
  onboardBody,
  onboardingView,
  onboardResultView,
  resetClientPasswordBody,
  successEnvelope,
  testModeBody,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { authOf, corporateOf, requestContextOf } from '../../infra/request-context';
import { confirmActingPassword, onboardCorporate, onboardingData, resetOwnerPassword } from '../auth';
import { corporateClientDetail } from './clients.service';
import {
  adminOnboardingData,
  setAutoTopUp,
  setClientTestMode,
  setTestModeAllowed,
} from './lifecycle.service';

export async function clientLifecycleRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Clients'];

  r.get(
    '/onboarding-data',
    {
      config: { permission: { ADMIN: 'clients.manage', CORPORATE: 'dashboard.view' } },
      schema: {
        tags,
        summary:
          'Admin: what the onboarding form offers (client types, services). Client: where my corporate stands in onboarding',
        response: { 200: successEnvelope(z.union([adminOnboardingDataView, onboardingView])) },
      },
    },
    async (req) => {
      if (authOf(req).area === 'ADMIN')
        return ok('Onboarding data retrieved', await adminOnboardingData(ctx.db));
      return ok('Onboarding data retrieved', await onboardingData(ctx, requestContextOf(req)));
    },
  );

  r.post(
    '/onboard',
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags,
        summary:
          'Onboard a corporate client and its owner; the owner gets a temporary password by email and must change it at first sign-in',
        body: onboardBody,
        response: { 201: successEnvelope(onboardResultView) },
      },
    },
    async (req, reply) => {
      const { creditLimit, ...rest } = req.body;
      const res = await onboardCorporate(
        ctx,
        authOf(req).userId,
        { ...rest, creditLimitKobo: creditLimit },
        requestContextOf(req),
      );
      return reply
        .status(201)
        .send(ok(`Client onboarded. A temporary password has been emailed to ${res.email}.`, res));
    },
  );

  r.put(
    '/reset-password',
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags,
        summary:
          'Reset a client owner’s password (password-confirmed): a temporary one is emailed and every session ends',
        body: resetClientPasswordBody,
        response: { 200: successEnvelope(z.object({ email: z.string() })) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      const res = await resetOwnerPassword(ctx, req.body.corporateId, requestContextOf(req));
      return ok(`Password reset. A temporary password has been emailed to ${res.email}.`, res);
    },
  );

  r.put(
    '/test-mode',
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags,
        summary: 'Allow or forbid test mode for a client (password-confirmed); forbidding switches it off',
        body: testModeBody,
        response: { 200: successEnvelope(corporateClientDetailView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      await setTestModeAllowed(ctx, req.body.corporateId, req.body.allowed, requestContextOf(req));
      return ok(
        req.body.allowed ? 'Test mode allowed for the client' : 'Test mode turned off for the client',
        await corporateClientDetail(ctx.db, req.body.corporateId),
      );
    },
  );

  r.put(
    '/client-test-mode',
    {
      config: { permission: { CORPORATE: 'settings.manage' } },
      schema: {
        tags,
        summary: 'Switch my portal between live and test mode (when the platform allows test mode)',
        body: clientTestModeBody,
        response: { 200: successEnvelope(z.object({ testMode: z.boolean(), testModeAllowed: z.boolean() })) },
      },
    },
    async (req) => {
      const res = await setClientTestMode(ctx, corporateOf(req), req.body.testMode, requestContextOf(req));
      return ok(res.testMode ? 'Test mode is on' : 'Live mode is on', res);
    },
  );

  r.put(
    '/corporate-clients/auto-topup',
    {
      config: { permission: 'clients.manage' },
      schema: {
        tags,
        summary: 'Enable or disable auto top-up for a client (password-confirmed)',
        body: autoTopupSwitchBody,
        response: { 200: successEnvelope(corporateClientDetailView) },
      },
    },
    async (req) => {
      await confirmActingPassword(ctx, requestContextOf(req), req.body.password);
      await setAutoTopUp(ctx, req.body.corporateId, req.body.enabled, requestContextOf(req));
      return ok(
        req.body.enabled ? 'Auto top-up enabled for the client' : 'Auto top-up disabled for the client',
        await corporateClientDetail(ctx.db, req.body.corporateId),
      );
    },
  );
}
