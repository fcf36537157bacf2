// The forms' field errors from a failed shared-schema check: the first message per field.
import type { z } from 'zod';

export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const i of error.issues) out[String(i.path[0])] ??= i.message;
  return out;
}
