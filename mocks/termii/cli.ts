// `npm run mock:termii`: the Termii stand-in on 127.0.0.1:$TERMII_MOCK_PORT (default 4040), printing
// the environment a VendPort server needs to send SMS through it instead of api.ng.termii.com.
// Option by env: TERMII_MOCK_API_KEY.
import { MOCK_API_KEY, startTermiiMock } from './server.ts';

const port = Number(process.env.TERMII_MOCK_PORT || 4040);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  throw new Error(`TERMII_MOCK_PORT must be a port number, got ${process.env.TERMII_MOCK_PORT}`);
const apiKey = process.env.TERMII_MOCK_API_KEY || MOCK_API_KEY;

const { app, baseUrl } = await startTermiiMock({ port, apiKey });

console.log(`Termii stand-in listening on ${baseUrl}

Point a server at it with:
  TERMII_BASE_URL=${baseUrl} TERMII_API_KEY=${apiKey} TERMII_SENDER_ID=VendPort npm start

Messages it accepted: curl ${baseUrl}/_mock/messages
Ctrl-C to stop.`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
