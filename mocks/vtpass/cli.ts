// `npm run mock:vtpass`: the VTpass stand-in on 127.0.0.1:$VTPASS_MOCK_PORT (default 4010), printing the
// environment a VendPort server needs to talk to it instead of sandbox.vtpass.com. Options by env, so the
// npm script needs no flags: VTPASS_MOCK_BALANCE (naira), VTPASS_MOCK_PENDING_REQUERIES,
// VTPASS_MOCK_CALLBACK_URL, VTPASS_MOCK_TIMEOUT_MS, VTPASS_MOCK_DELIVER_ANY=1 (VendPort's addition: every
// number outside the sandbox table is delivered, as the live service would).
import { SANDBOX_KEYS, SANDBOX_NUMBERS, startVtpassMock } from './server.ts';

const num = (name: string) => {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${v}`);
  return n;
};

const { app, baseUrl } = await startVtpassMock({
  port: num('VTPASS_MOCK_PORT') ?? 4010,
  balance: num('VTPASS_MOCK_BALANCE'),
  pendingRequeries: num('VTPASS_MOCK_PENDING_REQUERIES'),
  timeoutDelayMs: num('VTPASS_MOCK_TIMEOUT_MS'),
  callbackUrl: process.env.VTPASS_MOCK_CALLBACK_URL || undefined,
  deliverAny: process.env.VTPASS_MOCK_DELIVER_ANY === '1',
});

console.log(`VTpass stand-in listening on ${baseUrl}

Point a server at it with:
  VTPASS_BASE_URL=${baseUrl}
  VTPASS_API_KEY=${SANDBOX_KEYS.apiKey}
  VTPASS_PUBLIC_KEY=${SANDBOX_KEYS.publicKey}
  VTPASS_SECRET_KEY=${SANDBOX_KEYS.secretKey}

Sandbox numbers (phone for airtime, billersCode for data):
  ${SANDBOX_NUMBERS.delivered}    delivered
  ${SANDBOX_NUMBERS.pending}   pending (delivered on requery)
  ${SANDBOX_NUMBERS.unexpected}   unexpected (non-JSON) answer
  ${SANDBOX_NUMBERS.noResponse}   no answer (connection held)
  ${SANDBOX_NUMBERS.timeout}   late answer (timeout)
  any other       failed (016)
Callback: ${process.env.VTPASS_MOCK_CALLBACK_URL || 'none (set VTPASS_MOCK_CALLBACK_URL)'}
Ctrl-C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
