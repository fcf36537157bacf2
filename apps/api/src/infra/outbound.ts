// Calls out to other systems (VTpass, Reloadly, Paystack): one exchange with a deadline that never
// throws. What the answer means is each adapter's mapping; this only says what came back.
//
// Two bounds hold for every exchange (issue 49): the request itself is aborted at its deadline (the
// call's own time limit, or the caller's signal when the whole vend's deadline passes first), so a
// request can never go out after the vend was recorded as timed out; and the body is read up to a
// cap (256 KB by default) before it is parsed or stored, so a provider answering megabytes costs
// neither memory nor a bloated `vend_attempts.raw`.

/** One HTTP exchange as an adapter saw it: a status and the body (parsed JSON, or the raw text when it
 * was not JSON), or no answer at all (timeout, connection refused, reset). */
export type OutboundAnswer = { httpStatus: number; body: unknown } | { noAnswer: true; reason: string };

/** The most of a response body read by default: larger answers are cut here and kept as text. */
export const DEFAULT_BODY_LIMIT_BYTES = 256 * 1024;

export interface ExchangeLimits {
  /** The caller's deadline (the vend's): aborts the request as the exchange's own time limit does. */
  signal?: AbortSignal;
  /** The most of the body read; the rest is not read at all. */
  maxBodyBytes?: number;
}

/** Why a fetch got no answer, in words: a timeout of the deadline, or the error and its system code. */
export function reasonOf(err: unknown, timeoutMs: number): string {
  if (err instanceof Error) {
    if (err.name === 'TimeoutError' || err.name === 'AbortError') return `timed out after ${timeoutMs} ms`;
    const cause = (err as { cause?: unknown }).cause;
    const code = cause && typeof cause === 'object' && 'code' in cause ? String(cause.code) : undefined;
    return code ? `${err.message} (${code})` : err.message;
  }
  return String(err);
}

/** The deadline of one exchange: its own time limit, and the caller's when given. */
export function deadlineSignal(timeoutMs: number, signal?: AbortSignal): AbortSignal {
  const own = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([own, signal]) : own;
}

/** The body as text, at most `maxBytes` of it: the stream is cancelled past the cap. */
export async function readCapped(res: Response, maxBytes: number): Promise<{ text: string; cut: boolean }> {
  if (!res.body) return { text: '', cut: false };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let cut = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (size + value.byteLength > maxBytes) {
      chunks.push(value.subarray(0, maxBytes - size));
      size = maxBytes;
      cut = true;
      await reader.cancel().catch(() => undefined);
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  return { text: Buffer.concat(chunks, size).toString('utf8'), cut };
}

/**
 * Sends one request and reads its answer; never throws. The deadline's signal also bounds reading
 * the body, so a server that sends its headers and then stalls times out too. A body that is not
 * JSON, or cut at the cap, is kept as its text: the mappings read it as an answer that does not parse.
 */
export async function exchangeJson(
  doFetch: typeof fetch,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
  limits: ExchangeLimits = {},
): Promise<OutboundAnswer> {
  if (limits.signal?.aborted) return { noAnswer: true, reason: 'not sent: the deadline had passed' };
  try {
    const res = await doFetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: deadlineSignal(timeoutMs, limits.signal),
    });
    const { text, cut } = await readCapped(res, limits.maxBodyBytes ?? DEFAULT_BODY_LIMIT_BYTES);
    if (cut) return { httpStatus: res.status, body: text };
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Kept as text.
    }
    return { httpStatus: res.status, body: parsed };
  } catch (err) {
    return { noAnswer: true, reason: reasonOf(err, timeoutMs) };
  }
}
