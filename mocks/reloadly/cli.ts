// `npm run mock:reloadly`: the Reloadly stand-in on 127.0.0.1:$RELOADLY_MOCK_PORT (default 4020), printing the
// environment a VendPort server needs to talk to it instead of Reloadly. Options by env, so the npm script
// needs no flags: RELOADLY_MOCK_BALANCE (naira), RELOADLY_MOCK_TOKEN_TTL_SECONDS,
// RELOADLY_MOCK_SETTLE_AFTER, RELOADLY_MOCK_TIMEOUT_MS.
import { SANDBOX_CREDENTIALS, SCENARIO_NUMBERS, startReloadlyMock } from './server.ts';

const num = (name: string) => {
  const v = process.env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got ${v}`);
  return n;
};

const { app, url } = await startReloadlyMock({
  port: num('RELOADLY_MOCK_PORT') ?? 4020,
  balance: num('RELOADLY_MOCK_BALANCE'),
  tokenTtlSeconds: num('RELOADLY_MOCK_TOKEN_TTL_SECONDS'),
  settleAfter: num('RELOADLY_MOCK_SETTLE_AFTER'),
  timeoutDelayMs: num('RELOADLY_MOCK_TIMEOUT_MS'),
});

console.log(`Reloadly stand-in listening on ${url} (auth and Airtime API on one origin)

Point a server at it with:
  RELOADLY_AUTH_URL=${url}
  RELOADLY_BASE_URL=${url}
  RELOADLY_CLIENT_ID=${SANDBOX_CREDENTIALS.clientId}
  RELOADLY_CLIENT_SECRET=${SANDBOX_CREDENTIALS.clientSecret}

Recipient numbers (operator by prefix: 0803 MTN 341, 0802 Airtel 342, 0805 Glo 344, 0809 9mobile 340, ...):
  any other known prefix  SUCCESSFUL
  ${SCENARIO_NUMBERS.recentlyRecharged}             400 PHONE_RECENTLY_RECHARGED
  ${SCENARIO_NUMBERS.insufficientBalance}             400 INSUFFICIENT_BALANCE
  ${SCENARIO_NUMBERS.processingThenSuccessful}             PROCESSING, then SUCCESSFUL on status
  ${SCENARIO_NUMBERS.processingThenFailed}             PROCESSING, then FAILED on status
  ${SCENARIO_NUMBERS.processingThenRefunded}             PROCESSING, then REFUNDED on status
  ${SCENARIO_NUMBERS.http500}             HTTP 500
  ${SCENARIO_NUMBERS.noAnswer}             connection destroyed, nothing recorded
  ${SCENARIO_NUMBERS.timeout}             recorded SUCCESSFUL, answered late (timeout)
Ctrl-C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
