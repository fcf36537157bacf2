// The messages of a failed call (spec §8), without the toaster: the sign-in page shows them inline
// and loads no toast code (issue 36, point 11).
import { ApiError } from './api-client';

export function errorMessages(error: unknown): string[] {
  if (error instanceof ApiError) return error.messages;
  if (error instanceof Error && error.message) return [error.message];
  return ['Something went wrong. Please try again.'];
}
