// Platform settings (spec §7 Settings): GET get-settings, POST settings, POST settings/smtp and
// its test email (admin, settings.manage); GET platform (what every signed-in user sees: the
// name, the support contact and the maintenance banner).
import {
  platformSettingsBody,
  platformSettingsView,
  publicPlatformView,
  smtpSettingsBody,
  smtpTestBody,
  smtpTestView,
  successEnvelope,
} from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../infra/context';
import { ok } from '../../infra/http';
import { authOf, requestContextOf } from '../../infra/request-context';
import { platformSettings, platformSettingsOut, savePlatformSettings } from './platform.service';
import { saveSmtp, sendTestEmail, smtpView } from './smtp.service';

// 'settings.manage' names a client permission too: the area is spelled out.
const ADMIN_SETTINGS = { ADMIN: 'settings.manage' } as const;
const tags = ['Settings: platform'];

export async function platformRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const view = async () => ({
    ...platformSettingsOut(await platformSettings(ctx)),
    smtp: await smtpView(ctx),
  });

  r.get(
    '/get-settings',
    {
      config: { permission: ADMIN_SETTINGS },
      schema: {
        tags,
        summary: 'The platform settings (the SMTP password is never sent)',
        response: { 200: successEnvelope(platformSettingsView) },
      },
    },
    async () => ok('Settings retrieved', await view()),
  );

  r.post(
    '/settings',
    {
      config: { permission: ADMIN_SETTINGS },
      schema: {
        tags,
        summary: 'Save the platform settings (audited with before and after)',
        body: platformSettingsBody,
        response: { 200: successEnvelope(platformSettingsView) },
      },
    },
    async (req) => {
      await savePlatformSettings(ctx, req.body, authOf(req).userId, requestContextOf(req));
      return ok('Settings saved', await view());
    },
  );

  r.post(
    '/settings/smtp',
    {
      config: { permission: ADMIN_SETTINGS },
      schema: {
        tags,
        summary: 'Save the SMTP server (the password is stored encrypted and never sent back)',
        body: smtpSettingsBody,
        response: { 200: successEnvelope(platformSettingsView) },
      },
    },
    async (req) => {
      await saveSmtp(ctx, req.body, authOf(req).userId, requestContextOf(req));
      return ok('SMTP settings saved', await view());
    },
  );

  r.post(
    '/settings/smtp/test',
    {
      config: { permission: ADMIN_SETTINGS },
      schema: {
        tags,
        summary: "Send a test email now and report the SMTP server's answer",
        body: smtpTestBody,
        response: { 200: successEnvelope(smtpTestView) },
      },
    },
    async (req) => {
      const res = await sendTestEmail(ctx, req.body.to, requestContextOf(req));
      return ok(
        res.delivered
          ? `Test email accepted by the server: ${res.serverAnswer}`
          : `The test email was not delivered: ${res.serverAnswer}`,
        res,
      );
    },
  );

  r.get(
    '/platform',
    {
      config: { permission: 'self' },
      schema: {
        tags,
        summary: 'The platform name, support contact, maintenance banner and largest single vend',
        response: { 200: successEnvelope(publicPlatformView) },
      },
    },
    async () => {
      const s = await platformSettings(ctx);
      return ok('Platform retrieved', {
        platformName: s.platformName,
        supportEmail: s.supportEmail,
        supportPhone: s.supportPhone,
        maintenanceBanner: s.maintenanceBanner,
        maxVendAmountKobo: s.maxVendAmountKobo,
      });
    },
  );
}
