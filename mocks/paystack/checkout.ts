// The stand-in's hosted checkout, where Paystack's authorization_url sends the payer. Three plain
// forms (no script): Pay (success), Decline (failed), Cancel (abandoned). After a choice the browser
// goes to callback_url with ?trxref=<reference>&reference=<reference>, as Paystack documents
// (https://paystack.com/docs/payments/accept-payments/#redirect), and a success sends the signed
// charge.success webhook. Without a callback_url the page says how it ended.
import type { FastifyInstance } from 'fastify';
import type { Txn } from './responses.ts';
import type { CheckoutOutcome, PaystackMockState } from './server.ts';

const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const naira = (kobo: number) =>
  `₦${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function page(title: string, body: string) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title></head>
<body style="margin:0;font-family:system-ui,sans-serif;background:#eef2f6;color:#011b33">
<main style="box-sizing:border-box;width:calc(100% - 24px);max-width:420px;margin:48px auto;background:#fff;border-radius:8px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.08)">
<p style="margin:0 0 4px;font-size:12px;letter-spacing:.08em;text-transform:uppercase;color:#5b6b7b">Paystack stand-in (test mode)</p>
${body}
<p style="margin:24px 0 0;font-size:12px;color:#5b6b7b">A local mock of Paystack's checkout: no card is charged.</p>
</main></body></html>`;
}

const button = (bg: string, fg: string) =>
  `style="width:100%;padding:12px;border:0;border-radius:6px;font-size:16px;font-weight:600;cursor:pointer;background:${bg};color:${fg}"`;

function checkoutPage(t: Txn) {
  const amount = esc(naira(t.amount));
  if (t.status !== 'abandoned' && t.status !== 'ongoing')
    return page(
      'Transaction complete',
      `<h1 style="font-size:20px">This transaction is ${esc(t.status)}</h1><p>Reference ${esc(t.reference)}</p>`,
    );
  const form = (outcome: CheckoutOutcome, label: string, style: string) =>
    `<form method="post" action="/checkout/${esc(t.accessCode)}/${outcome}" style="margin:0 0 10px"><button type="submit" ${style}>${label}</button></form>`;
  return page(
    `Pay ${naira(t.amount)}`,
    `<h1 style="font-size:20px;margin:8px 0 16px">Pay ${amount}</h1>
<dl style="display:grid;grid-template-columns:auto minmax(0,1fr);gap:6px 12px;margin:0 0 20px;overflow-wrap:anywhere">
<dt style="color:#5b6b7b">Email</dt><dd style="margin:0">${esc(t.email)}</dd>
<dt style="color:#5b6b7b">Reference</dt><dd style="margin:0">${esc(t.reference)}</dd>
<dt style="color:#5b6b7b">Card</dt><dd style="margin:0">4084 0840 8408 4081 (test)</dd>
</dl>
${form('success', `Pay ${amount}`, button('#0ba4db', '#fff'))}
${form('failed', 'Decline (failed)', button('#f5d6d6', '#8a1c1c'))}
${form('abandoned', 'Cancel (abandoned)', button('#e6ebf0', '#011b33'))}`,
  );
}

export async function checkoutRoutes(app: FastifyInstance, { state }: { state: PaystackMockState }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
    done(null, {}),
  );
  const notFound = page('Not found', '<h1 style="font-size:20px">This checkout does not exist</h1>');

  app.get<{ Params: { code: string } }>('/checkout/:code', async (req, reply) => {
    const t = state.byAccessCode.get(req.params.code);
    if (t && t.status === 'abandoned') t.status = 'ongoing'; // the payer is on the page
    return reply
      .code(t ? 200 : 404)
      .type('text/html; charset=utf-8')
      .send(t ? checkoutPage(t) : notFound);
  });

  app.post<{ Params: { code: string; outcome: string } }>('/checkout/:code/:outcome', async (req, reply) => {
    const t = state.byAccessCode.get(req.params.code);
    const outcome = req.params.outcome as CheckoutOutcome;
    if (!t || !['success', 'failed', 'abandoned'].includes(outcome))
      return reply.code(404).type('text/html; charset=utf-8').send(notFound);
    state.complete(t.reference, outcome);
    // A payer who cancels goes to metadata.cancel_action when the merchant set one, as Paystack
    // documents (https://paystack.com/docs/payments/metadata/, "Cancel action").
    const cancelAction = (t.metadata as { cancel_action?: unknown } | null)?.cancel_action;
    if (outcome === 'abandoned' && typeof cancelAction === 'string') return reply.redirect(cancelAction, 302);
    if (!t.callbackUrl) return reply.type('text/html; charset=utf-8').send(checkoutPage(t));
    const to = new URL(t.callbackUrl);
    to.searchParams.set('trxref', t.reference);
    to.searchParams.set('reference', t.reference);
    return reply.redirect(to.toString(), 302);
  });
}
