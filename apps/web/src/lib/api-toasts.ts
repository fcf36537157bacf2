// The toast rules of spec §8, called explicitly by each action that wants them:
// a failure shows each of its errors; success false shows the message as an error;
// otherwise the message shows as a success.
import toast from 'react-hot-toast';
import { errorMessages } from './error-messages';

export { errorMessages };

export function toastApiError(error: unknown): void {
  for (const message of errorMessages(error)) toast.error(message);
}

export function toastApiResult(result: { success: boolean; message?: string } | undefined): void {
  if (!result) return;
  if (result.success === false) toast.error(result.message || 'The request was not successful.');
  else if (result.message) toast.success(result.message);
}

type Envelope<T> = { success: boolean; message?: string; data?: T };

/**
 * The one set of mutate callbacks (spec §8, issue 36 point 10): an answer with success false
 * shows its message as an error toast and goes no further; a success shows its message (or
 * `message(data)`) as a success toast and hands the data to `then`; a failed call shows each of
 * its errors, or goes to `onError` when the form shows them itself. Every mutation's handlers are
 * built here, so none can take a refusal for a success.
 */
export function envelopeCallbacks<T>(
  then?: (data: T) => void,
  opts: {
    message?: (data: T) => string;
    /** Said when a refusal carries no message. */
    failure?: string;
    onError?: (error: unknown) => void;
    /** Called after a refusal (success false) was toasted. */
    onRefused?: (message: string) => void;
  } = {},
) {
  return {
    onSuccess: (res: Envelope<T> | undefined) => {
      if (!res) return;
      if (res.success === false) {
        const message = res.message || opts.failure || 'The request was not successful.';
        toast.error(message);
        opts.onRefused?.(message);
        return;
      }
      const data = res.data as T;
      const message = opts.message ? opts.message(data) : res.message;
      if (message) toast.success(message);
      then?.(data);
    },
    onError: opts.onError ?? toastApiError,
  };
}
