/**
 * A random idempotency key for one opened form (admin funding): hex from getRandomValues, which
 * unlike crypto.randomUUID also exists outside secure contexts.
 */
export function newRequestKey(prefix = 'web'): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `${prefix}-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
