// What a password-confirmed action on a client did, for the success modal the client's page
// shows after it.
import toast from 'react-hot-toast';
import type { ApiEnvelope } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';

export type ActionDone = { title: string; message: string };

/**
 * The mutate callbacks every client action shares: a refused answer toasts its message (or
 * `failure`), a success toasts the server's message and hands the data on; a thrown error toasts.
 */
export function actionCallbacks<T>(failure: string, onOk: (data: T) => void) {
  return {
    onSuccess: (res: ApiEnvelope<T>) => {
      if (res.success === false) {
        toast.error(res.message || failure);
        return;
      }
      toast.success(res.message);
      onOk(res.data);
    },
    onError: toastApiError,
  };
}
