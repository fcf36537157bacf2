// SMS: one message to one Nigerian phone through Termii's Messaging API ("Send message",
// https://developers.termii.com/messaging-api): POST {TERMII_BASE_URL}/api/sms/send with the JSON
// body api_key, to (international format without "+", e.g. 2348031234567), from (the sender id),
// sms, type "plain" and channel (dnd or generic). Sent while the caller waits, with a deadline.
// What came back, in three outcomes:
// - SENT: a 2xx whose body carries Termii's message_id (the documented success answer);
// - REFUSED: a 4xx (a bad key, a sender id or a number the route refuses): nothing went out;
// - UNKNOWN: no answer, a 5xx, or a 2xx without a message_id: the message may or may not have gone,
//   so it is never reported as failed (nor sent again on its own).
// The text is never logged: it carries a token.
import type { Config } from './config';
import { exchangeJson } from './outbound';

export type SmsOutcome =
  | { status: 'SENT'; messageId: string }
  | { status: 'REFUSED'; reason: string }
  | { status: 'UNKNOWN'; reason: string };

export interface SmsSender {
  /** `to` as +234XXXXXXXXXX (normaliseMsisdn's form). */
  send(to: string, text: string): Promise<SmsOutcome>;
}

const messageOf = (body: unknown): string | null =>
  body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
    ? (body as { message: string }).message
    : null;

/** Termii's answer to one send, as an outcome (exported for the fixtures' test). */
export function termiiOutcome(answer: Awaited<ReturnType<typeof exchangeJson>>): SmsOutcome {
  if ('noAnswer' in answer) return { status: 'UNKNOWN', reason: answer.reason };
  const { httpStatus, body } = answer;
  if (httpStatus >= 200 && httpStatus < 300) {
    const id = body && typeof body === 'object' ? (body as { message_id?: unknown }).message_id : undefined;
    if ((typeof id === 'string' && id) || typeof id === 'number')
      return { status: 'SENT', messageId: String(id) };
    return { status: 'UNKNOWN', reason: `HTTP ${httpStatus} without a message id` };
  }
  if (httpStatus >= 400 && httpStatus < 500)
    return { status: 'REFUSED', reason: messageOf(body) ?? `HTTP ${httpStatus}` };
  return { status: 'UNKNOWN', reason: `HTTP ${httpStatus}` };
}

/** Termii, when its key and sender id are configured; null otherwise (SMS is not configured). */
export function smsSender(
  config: Pick<
    Config,
    'TERMII_BASE_URL' | 'TERMII_API_KEY' | 'TERMII_SENDER_ID' | 'TERMII_CHANNEL' | 'TERMII_TIMEOUT_MS'
  >,
  doFetch: typeof fetch = fetch,
): SmsSender | null {
  const { TERMII_API_KEY: key, TERMII_SENDER_ID: from } = config;
  if (!key || !from) return null;
  const url = `${config.TERMII_BASE_URL.replace(/\/+$/, '')}/api/sms/send`;
  return {
    async send(to, text) {
      const answer = await exchangeJson(
        doFetch,
        url,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: {
            api_key: key,
            to: to.replace(/^\+/, ''),
            from,
            sms: text,
            type: 'plain',
            channel: config.TERMII_CHANNEL,
          },
        },
        config.TERMII_TIMEOUT_MS,
      );
      return termiiOutcome(answer);
    },
  };
}
