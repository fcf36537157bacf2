// A local stand-in for Termii's Messaging API (the Nigerian SMS gateway VendPort sends receipts
// through), written from its public page https://developers.termii.com/messaging-api ("Send
// message": POST {BASE_URL}/api/sms/send with a JSON body api_key, to (international format, e.g.
// 23490126727), from (the sender id, 3 to 11 characters), sms, type "plain", channel "dnd",
// "generic" or "whatsapp"; the answer carries message_id, message "Successfully Sent", balance and
// user). It keeps every message it accepted, so a person (GET /_mock/messages) or a test reads what
// reached the customer's phone.
// Two numbers answer as a gateway in trouble would, for the sender's mapping (README.md):
// REFUSED_NUMBER is refused (400, as for a number the route cannot reach) and DOWN_NUMBER gets a 500.
import Fastify, { type FastifyInstance } from 'fastify';

/** The key the stand-in accepts unless told another; not a real Termii key. */
export const MOCK_API_KEY = 'TLtermiimock0000000000000000000000000000000000000000000000000';
/** A recipient the stand-in refuses (400). */
export const REFUSED_NUMBER = '2348000000001';
/** A recipient whose send answers 500 (the gateway down): the message may or may not have gone. */
export const DOWN_NUMBER = '2348000000002';

export interface MockSms {
  messageId: string;
  to: string;
  from: string;
  sms: string;
  channel: string;
  at: string;
}

export interface TermiiMockState {
  apiKey: string;
  messages: MockSms[];
  balance: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    termii: TermiiMockState;
  }
}

const CHANNELS = ['dnd', 'generic', 'whatsapp'];

export function buildTermiiMock(opts: { apiKey?: string; logger?: boolean } = {}): FastifyInstance {
  const app = Fastify({ logger: opts.logger ?? false });
  const state: TermiiMockState = { apiKey: opts.apiKey ?? MOCK_API_KEY, messages: [], balance: 1000 };
  app.decorate('termii', state);
  let next = 3017544054459493n;

  app.post('/api/sms/send', async (req, reply) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    if (b.api_key !== state.apiKey) return reply.code(401).send({ message: 'Invalid API key' });
    const missing = ['to', 'from', 'sms', 'type', 'channel'].filter(
      (k) => typeof b[k] !== 'string' || !(b[k] as string).trim(),
    );
    if (missing.length)
      return reply.code(400).send({ message: `The ${missing.join(', ')} field is required` });
    const to = b.to as string;
    const from = b.from as string;
    if (!/^234\d{10}$/.test(to))
      return reply.code(400).send({ message: 'to must be a phone number in the international format' });
    if (from.length < 3 || from.length > 11)
      return reply.code(400).send({ message: 'from must be between 3 and 11 characters' });
    if (b.type !== 'plain') return reply.code(400).send({ message: 'type must be plain' });
    if (!CHANNELS.includes(b.channel as string))
      return reply.code(400).send({ message: 'channel must be dnd, generic or whatsapp' });
    if (to === REFUSED_NUMBER)
      return reply
        .code(400)
        .send({ message: 'Message could not be sent to this number on the chosen route' });
    if (to === DOWN_NUMBER) return reply.code(500).send('Internal Server Error');
    next += 1n;
    const messageId = `${next}`;
    state.messages.push({
      messageId,
      to,
      from,
      sms: b.sms as string,
      channel: b.channel as string,
      at: new Date().toISOString(),
    });
    state.balance -= 1;
    return {
      code: 'ok',
      balance: state.balance,
      message_id: messageId,
      message: 'Successfully Sent',
      user: 'VendPort Mock',
    };
  });

  // The stand-in's own: what reached the phones, newest last.
  app.get('/_mock/messages', async () => ({ messages: state.messages }));
  return app;
}

export async function startTermiiMock(
  opts: { port?: number; host?: string; apiKey?: string; logger?: boolean } = {},
) {
  const app = buildTermiiMock(opts);
  const address = await app.listen({ port: opts.port ?? 0, host: opts.host ?? '127.0.0.1' });
  return { app, baseUrl: address };
}
