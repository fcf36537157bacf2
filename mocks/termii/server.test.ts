// The Termii stand-in answers as its README says: accepted messages kept, a wrong key 401, bad
// fields 400, the refused and the down numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTermiiMock, DOWN_NUMBER, MOCK_API_KEY, REFUSED_NUMBER } from './server.ts';

const app = buildTermiiMock();
beforeAll(() => app.ready());
afterAll(() => app.close());

const send = (over: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/api/sms/send',
    payload: {
      api_key: MOCK_API_KEY,
      to: '2348031234567',
      from: 'VendPort',
      sms: 'Token 1234',
      type: 'plain',
      channel: 'dnd',
      ...over,
    },
  });

describe('[TERMII MOCK] send message', () => {
  it('accepts a message, answers its id and keeps it', async () => {
    const res = await send();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'ok', message: 'Successfully Sent' });
    const id = res.json().message_id;
    const list = (await app.inject({ method: 'GET', url: '/_mock/messages' })).json().messages;
    expect(list.at(-1)).toMatchObject({ messageId: id, to: '2348031234567', sms: 'Token 1234' });
  });

  it('refuses a wrong key, bad fields and the refused number; the down number is a 500', async () => {
    expect((await send({ api_key: 'nope' })).statusCode).toBe(401);
    expect((await send({ to: '08031234567' })).statusCode).toBe(400);
    expect((await send({ from: 'VP' })).statusCode).toBe(400);
    expect((await send({ sms: '' })).json().message).toContain('sms');
    expect((await send({ to: REFUSED_NUMBER })).statusCode).toBe(400);
    expect((await send({ to: DOWN_NUMBER })).statusCode).toBe(500);
  });
});
