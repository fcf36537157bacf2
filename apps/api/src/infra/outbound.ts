// Calls out to other systems (VTpass, Reloadly, Paystack): one exchange with a deadline that never
// throws. What the answer means is each adapter's mapping; this only says what came back.

/** One HTTP exchange as an adapter saw it: a status and the body (parsed JSON, or the raw text when it
 * was not JSON), or no answer at all (timeout, connection refused, reset). */
export type OutboundAnswer = { httpStatus: number; body: unknown } | { noAnswer: true; reason: string };

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

/**
 * Sends one request and reads its answer; never throws. The deadline's signal also bounds reading
 * the body, so a server that sends its headers and then stalls times out too. A body that is not
 * JSON is kept as its text: the mappings read it as an answer that does not parse.
 */
export async function exchangeJson(
  doFetch: typeof fetch,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown },
  timeoutMs: number,
): Promise<OutboundAnswer> {
  try {
    const res = await doFetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
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
