// `npm run mock:paystack`: the Paystack stand-in on 127.0.0.1:$PAYSTACK_MOCK_PORT (default 4030),
// printing the environment a VendPort server needs to use it instead of api.paystack.co. Options by
// env: PAYSTACK_MOCK_SECRET_KEY, PAYSTACK_MOCK_WEBHOOK_URL (default the server on :3000).
import { MOCK_SECRET_KEY, startPaystackMock } from './server.ts';

const port = Number(process.env.PAYSTACK_MOCK_PORT || 4030);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`PAYSTACK_MOCK_PORT must be a port number, got ${process.env.PAYSTACK_MOCK_PORT}`);
const secretKey = process.env.PAYSTACK_MOCK_SECRET_KEY || MOCK_SECRET_KEY;
const webhookUrl =
  process.env.PAYSTACK_MOCK_WEBHOOK_URL || 'http://localhost:3000/api/v1/payments/paystack/webhook';

const { app, baseUrl } = await startPaystackMock({ port, secretKey, webhookUrl });

console.log(`Paystack stand-in listening on ${baseUrl}

Point a server at it with:
  CARD_GATEWAY=paystack PAYSTACK_BASE_URL=${baseUrl} PAYSTACK_SECRET_KEY=${secretKey} npm start

Webhooks (signed with that key) go to ${webhookUrl}
Refund a paid transaction: curl -X POST ${baseUrl}/refund -H 'authorization: Bearer ${secretKey}' \\
  -H 'content-type: application/json' -d '{"transaction":"CP-…"}'
Transfer into a client's own account number (dedicated account): curl -X POST ${baseUrl}/_mock/transfer \\
  -H 'content-type: application/json' -d '{"account_number":"99…","amount":1500000}'
Ctrl-C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
