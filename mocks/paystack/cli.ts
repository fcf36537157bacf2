// `npm run mock:paystack`: the Paystack stand-in on 127.0.0.1:$PAYSTACK_MOCK_PORT (default 4030),
// printing the environment a VendPort server needs to use it instead of api.paystack.co. Options by
// env: PAYSTACK_MOCK_SECRET_KEY, PAYSTACK_MOCK_WEBHOOK_URL (default the server on :3000),
// PAYSTACK_MOCK_DROP_WEBHOOKS (the share of webhooks never sent, 0 to 1: exercises the server's
// reconciliation sweep), PAYSTACK_MOCK_REQUIRE_PHONE=1 (dedicated accounts need the customer's phone).
import { MOCK_SECRET_KEY, startPaystackMock } from './server.ts';

const port = Number(process.env.PAYSTACK_MOCK_PORT || 4030);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`PAYSTACK_MOCK_PORT must be a port number, got ${process.env.PAYSTACK_MOCK_PORT}`);
const secretKey = process.env.PAYSTACK_MOCK_SECRET_KEY || MOCK_SECRET_KEY;
const webhookUrl =
  process.env.PAYSTACK_MOCK_WEBHOOK_URL || 'http://localhost:3000/api/v1/payments/paystack/webhook';

const dropWebhooks = Number(process.env.PAYSTACK_MOCK_DROP_WEBHOOKS || 0);
if (!(dropWebhooks >= 0 && dropWebhooks <= 1))
  throw new Error(
    `PAYSTACK_MOCK_DROP_WEBHOOKS must be between 0 and 1, got ${process.env.PAYSTACK_MOCK_DROP_WEBHOOKS}`,
  );
const requirePhone = process.env.PAYSTACK_MOCK_REQUIRE_PHONE === '1';

const { app, baseUrl } = await startPaystackMock({ port, secretKey, webhookUrl, dropWebhooks, requirePhone });

console.log(`Paystack stand-in listening on ${baseUrl}

Point a server at it with:
  CARD_GATEWAY=paystack PAYSTACK_BASE_URL=${baseUrl} PAYSTACK_SECRET_KEY=${secretKey} npm start

Webhooks (signed with that key) go to ${webhookUrl}${dropWebhooks ? ` (${dropWebhooks * 100}% dropped)` : ''}${requirePhone ? "\nDedicated accounts require the customer's phone." : ''}
Refund a paid transaction: curl -X POST ${baseUrl}/refund -H 'authorization: Bearer ${secretKey}' \\
  -H 'content-type: application/json' -d '{"transaction":"CP-…"}'
Partial refund: the same with "amount":100000 (kobo). Chargeback: curl -X POST ${baseUrl}/_mock/dispute \\
  -H 'content-type: application/json' -d '{"transaction":"CP-…"}', then POST ${baseUrl}/_mock/dispute/<id>/resolve
  -d '{"resolution":"declined"}' (the merchant won) or '{"resolution":"merchant-accepted"}' (lost).
Transfer into a client's own account number (dedicated account): curl -X POST ${baseUrl}/_mock/transfer \\
  -H 'content-type: application/json' -d '{"account_number":"99…","amount":1500000}'
Ctrl-C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
