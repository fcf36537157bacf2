// Gateway callbacks are signed: hex HMAC-SHA256 of the raw request body with GATEWAY_SECRET, in
// the x-gateway-signature header. Without GATEWAY_SECRET the key is derived from APP_SECRET.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../../infra/config';

export const SIGNATURE_HEADER = 'x-gateway-signature';

export function gatewaySecretOf(config: Pick<Config, 'GATEWAY_SECRET'> & { APP_SECRET: string }): string {
  return (
    config.GATEWAY_SECRET ??
    createHash('sha256').update(`vendport-gateway:${config.APP_SECRET}`).digest('hex')
  );
}

export const signBody = (secret: string, rawBody: string) =>
  createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');

export function signatureValid(secret: string, rawBody: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(signBody(secret, rawBody), 'hex');
  return timingSafeEqual(expected, Buffer.from(given, 'hex'));
}
