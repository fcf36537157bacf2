// The toasts of spec §8 for the team mutations, with what follows a success: lib/api-toasts'
// envelopeCallbacks, the one helper every mutation uses.
import { envelopeCallbacks } from '@/lib/api-toasts';

export function onEnvelope<T>(then: (data: T) => void, message?: (data: T) => string) {
  return envelopeCallbacks<T>(then, { message });
}
