// The client's dedicated virtual account (issue 33 point 3): see it, and get it ("Get my account
// number", verified clients only, idempotent; registered only with CARD_GATEWAY=paystack). Both need
// wallet.fund; a client only ever reaches its own account (the corporate is the caller's, never a
// parameter).
import { dedicatedAccountState, successEnvelope } from '@vendport/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../../infra/context';
import { ok } from '../../../infra/http';
import { corporateOf, requestContextOf } from '../../../infra/request-context';
import {
  dedicatedAccountsEnabled,
  myDedicatedAccount,
  requestDedicatedAccount,
} from './dedicated-account.service';

export async function dedicatedAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Wallet'];
  const envelope = successEnvelope(dedicatedAccountState);

  r.get(
    '/fund/dedicated-account',
    {
      config: { permission: 'wallet.fund' },
      schema: {
        tags,
        summary: 'My dedicated account number for automatic bank transfers, or whether I can get one',
        response: { 200: envelope },
      },
    },
    async (req) => ok('Dedicated account retrieved', await myDedicatedAccount(ctx, corporateOf(req))),
  );

  // Getting one exists only where dedicated accounts do (Paystack configured), as its webhook does;
  // its audit entry (funding.dedicated_account.create) is proven in dedicated-account.test.ts.
  if (!dedicatedAccountsEnabled(ctx)) return;
  r.post(
    '/fund/dedicated-account',
    {
      config: { permission: 'wallet.fund' },
      schema: {
        tags,
        summary:
          'Get my account number (verified clients): created at Paystack once; transfers into it fund the wallet at once',
        response: { 200: envelope, 201: envelope },
      },
    },
    async (req, reply) => {
      corporateOf(req);
      const { account, created } = await requestDedicatedAccount(ctx, requestContextOf(req));
      return reply.status(created ? 201 : 200).send(
        ok(created ? 'Your account number is ready' : 'Dedicated account retrieved', {
          enabled: true,
          available: true,
          account,
          reason: null,
        }),
      );
    },
  );
}
