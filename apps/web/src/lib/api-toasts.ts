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
