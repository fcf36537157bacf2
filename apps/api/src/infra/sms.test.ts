// Termii's answers as outcomes (https://developers.termii.com/messaging-api documents the request
// and the success answer): a message_id is SENT, a 4xx REFUSED with its message, anything else
// (no answer, a 5xx, a 2xx without an id, an HTML page) UNKNOWN, never failed. Without a key or a
// sender id there is no sender.
import { describe, expect, it } from 'vitest';
import { smsSender, termiiOutcome } from './sms';

const config = {
  TERMII_BASE_URL: 'http://termii.test/',
  TERMII_API_KEY: 'key',
  TERMII_SENDER_ID: 'VendPort',
  TERMII_CHANNEL: 'dnd' as const,
  TERMII_TIMEOUT_MS: 1000,
};

describe('[SMS] Termii', () => {
  it('[SMS] maps each answer to SENT, REFUSED or UNKNOWN', () => {
    const documented = {
      code: 'ok',
      balance: 1047.13,
      message_id: '3017544054459493953326',
      message: 'Successfully Sent',
      user: 'Termii Demo',
    };
    expect(termiiOutcome({ httpStatus: 200, body: documented })).toEqual({
      status: 'SENT',
      messageId: '3017544054459493953326',
    });
    expect(termiiOutcome({ httpStatus: 400, body: { message: 'Insufficient balance' } })).toEqual({
      status: 'REFUSED',
      reason: 'Insufficient balance',
    });
    expect(termiiOutcome({ httpStatus: 401, body: '<html>' })).toEqual({
      status: 'REFUSED',
      reason: 'HTTP 401',
    });
    expect(termiiOutcome({ httpStatus: 200, body: { message: 'ok' } }).status).toBe('UNKNOWN');
    expect(termiiOutcome({ httpStatus: 502, body: '<html>Bad gateway</html>' }).status).toBe('UNKNOWN');
    expect(termiiOutcome({ noAnswer: true, reason: 'timed out after 1000 ms' })).toEqual({
      status: 'UNKNOWN',
      reason: 'timed out after 1000 ms',
    });
  });

  it('[SMS] posts the documented body to /api/sms/send; no key or no sender id: no sender', async () => {
    const seen: Array<{ url: string; body: Record<string, unknown> }> = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.push({ url, body: JSON.parse(String(init.body)) });
      return new Response(JSON.stringify({ message_id: 7, message: 'Successfully Sent' }), { status: 200 });
    }) as typeof fetch;
    const sender = smsSender(config, fake);
    expect(await sender!.send('+2348031234567', 'Token 1234')).toEqual({ status: 'SENT', messageId: '7' });
    expect(seen[0]).toEqual({
      url: 'http://termii.test/api/sms/send',
      body: {
        api_key: 'key',
        to: '2348031234567',
        from: 'VendPort',
        sms: 'Token 1234',
        type: 'plain',
        channel: 'dnd',
      },
    });
    expect(smsSender({ ...config, TERMII_API_KEY: undefined })).toBeNull();
    expect(smsSender({ ...config, TERMII_SENDER_ID: undefined })).toBeNull();
  });
});
