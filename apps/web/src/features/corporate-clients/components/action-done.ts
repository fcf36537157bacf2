// What a password-confirmed action on a client did, for the success modal the client's page
// shows after it.
import { envelopeCallbacks } from '@/lib/api-toasts';

export type ActionDone = { title: string; message: string };

/**
 * The mutate callbacks every client action shares (lib/api-toasts' envelopeCallbacks): a refused
 * answer toasts its message (or `failure`), a success toasts the server's message and hands the
 * data on; a thrown error toasts.
 */
export function actionCallbacks<T>(failure: string, onOk: (data: T) => void) {
  return envelopeCallbacks<T>(onOk, { failure });
}
