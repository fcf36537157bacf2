// The simulator's hosted checkout: a small page with Pay and Cancel (plain forms, no script, so
// it runs under the app's CSP). Pay or Cancel records the outcome on the simulator's side, sends
// the signed callback to POST /api/v1/fund/card/callback as a real gateway would, then sends the
// browser back to /dashboard/wallet?reference=..., where the web app calls verify.
import { formatNaira, successEnvelope } from '@vendport/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../../infra/audit';
import type { AppContext } from '../../../infra/context';
import { ok } from '../../../infra/http';
import { requestContextOf } from '../../../infra/request-context';
import { gatewaySecretOf, SIGNATURE_HEADER, signBody } from './signature';
import { SIM_CHECKOUT_PATH } from './simulator';
import {
  completeAtSimulator,
  reverseAtSimulator,
  type SimPaymentRow,
  simulatedPayment,
} from './simulator-payments.service';

const params = z.object({ reference: z.string().regex(/^CP-[0-9A-Z]{8,32}$/, 'Unknown payment') });

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-NG">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head>
<body style="margin:0;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;background:#f3f5f4;color:#14231b">
<main style="max-width:420px;margin:48px auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)">
<p style="margin:0 0 4px;font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#5b6b62">VendPort payment simulator</p>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#5b6b62">No real card is charged: this page stands in for a payment gateway.</p>
</main>
</body>
</html>`;
}

const button = (bg: string, fg: string) =>
  `style="width:100%;padding:12px;border:0;border-radius:8px;font-size:16px;font-weight:600;cursor:pointer;background:${bg};color:${fg}"`;

function checkoutPage(p: SimPaymentRow): string {
  const ref = esc(p.reference);
  const amount = esc(formatNaira(p.amountKobo));
  if (p.status !== 'PENDING') {
    const state = { SUCCESSFUL: 'already paid', REVERSED: 'reversed' }[p.status] ?? 'cancelled';
    return page(
      'Payment complete',
      `<h1 style="font-size:20px;margin:8px 0 16px">This payment is ${state}</h1>
<p>Reference ${ref}</p>
<p><a href="/dashboard/wallet?reference=${encodeURIComponent(p.reference)}">Back to your wallet</a></p>`,
    );
  }
  return page(
    `Pay ${formatNaira(p.amountKobo)}`,
    `<h1 style="font-size:20px;margin:8px 0 16px">${esc(p.description)}</h1>
<dl style="display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:0 0 20px">
<dt style="color:#5b6b62">Amount</dt><dd style="margin:0;font-weight:600">${amount}</dd>
<dt style="color:#5b6b62">Email</dt><dd style="margin:0">${esc(p.email)}</dd>
<dt style="color:#5b6b62">Reference</dt><dd style="margin:0">${ref}</dd>
</dl>
<form method="post" action="${SIM_CHECKOUT_PATH}/${ref}/pay" style="margin:0 0 10px"><button type="submit" ${button('#0b6e3d', '#fff')}>Pay ${amount}</button></form>
<form method="post" action="${SIM_CHECKOUT_PATH}/${ref}/cancel" style="margin:0"><button type="submit" ${button('#e8ecea', '#14231b')}>Cancel</button></form>`,
  );
}

const notFoundPage = () => page('Payment not found', '<h1 style="font-size:20px">Payment not found</h1>');

export async function simulatorRoutes(app: FastifyInstance, ctx: AppContext) {
  const secret = gatewaySecretOf(ctx.config);
  /** The simulator's signed callback, delivered in-process through the real route and its
   * signature check; true when it was accepted. */
  async function sendCallback(log: FastifyBaseLogger, event: string, p: SimPaymentRow): Promise<boolean> {
    const payload = JSON.stringify({
      event,
      data: {
        reference: p.reference,
        status: p.status,
        amountKobo: p.amountKobo,
        paidAt: p.paidAt?.toISOString() ?? null,
      },
    });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/fund/card/callback',
        headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signBody(secret, payload) },
        payload,
      });
      if (res.statusCode === 200) return true;
      log.warn({ reference: p.reference, status: res.statusCode }, 'simulator callback refused');
    } catch (err) {
      log.error({ err, reference: p.reference }, 'simulator callback failed');
    }
    return false;
  }

  // The gateway's side of a refund or chargeback, for development and tests: an admin who may fund
  // wallets reverses a paid simulated payment, and the simulator sends its signed callback, which
  // takes the money back (reverseCreditedCardPayment). Exists only while the simulator is the gateway.
  app.withTypeProvider<ZodTypeProvider>().post(
    '/gateway-sim/payments/:reference/reverse',
    {
      config: { permission: 'funding.manage' },
      schema: {
        tags: ['Payment gateway simulator'],
        summary: 'Reverse a paid simulated card payment (refund or chargeback at the gateway)',
        params,
        response: {
          200: successEnvelope(
            z.object({ reference: z.string(), status: z.string(), delivered: z.boolean() }),
          ),
        },
      },
    },
    async (req) => {
      const reference = req.params.reference;
      const { row, repeated } = await reverseAtSimulator(ctx.db, reference);
      // Sent again on a repeated call: the reversal itself happens once whatever arrives.
      const delivered = await sendCallback(req.log, 'charge.reversed', row);
      // The admin's action at the simulator; the reversal it causes is audited by the callback.
      await recordAudit(ctx.db, requestContextOf(req), {
        action: 'funding.card.simulator_reverse',
        targetType: 'card_payment',
        targetId: reference,
        summary: { delivered, repeated },
      });
      return ok('The payment was reversed at the simulated gateway', {
        reference,
        status: row.status,
        delivered,
      });
    },
  );

  await app.register(async (scope) => {
    // The checkout forms post urlencoded bodies with nothing the simulator needs.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, _body, done) => done(null, {}),
    );
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const tags = ['Payment gateway simulator'];

    r.get(
      '/gateway-sim/checkout/:reference',
      { config: { public: true }, schema: { tags, summary: 'The simulated hosted checkout page', params } },
      async (req, reply) => {
        const p = await simulatedPayment(ctx.db, req.params.reference);
        return reply
          .status(p ? 200 : 404)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(p ? checkoutPage(p) : notFoundPage());
      },
    );

    for (const outcome of ['pay', 'cancel'] as const) {
      r.post(
        `/gateway-sim/checkout/:reference/${outcome}`,
        {
          config: { public: true },
          schema: { tags, summary: outcome === 'pay' ? 'The payer pays' : 'The payer cancels', params },
        },
        async (req, reply) => {
          const reference = req.params.reference;
          const { done, exists } = await completeAtSimulator(
            ctx.db,
            reference,
            outcome === 'pay' ? 'SUCCESSFUL' : 'CANCELLED',
          );
          if (!exists) {
            return reply.status(404).type('text/html; charset=utf-8').send(notFoundPage());
          }
          // A failed delivery is logged only: the browser lands on the wallet page, which calls verify.
          if (done) await sendCallback(req.log, 'charge.completed', done);
          const status = outcome === 'pay' ? '' : '&status=cancelled';
          return reply.redirect(`/dashboard/wallet?reference=${encodeURIComponent(reference)}${status}`, 303);
        },
      );
    }
  });
}
