// The toasts of spec §8 for the team mutations, with what follows a success: success false shows
// the message as an error; otherwise the message (or `message`) shows as a success and `then`
// runs; a failed call shows each of its errors.
import toast from 'react-hot-toast';
import { toastApiError } from '@/lib/api-toasts';

type Envelope<T> = { success: true; message: string; data: T } | { success: false; message: string };

export function onEnvelope<T>(then: (data: T) => void, message?: (data: T) => string) {
  return {
    onSuccess: (res: Envelope<T>) => {
      if (res.success === false) {
        toast.error(res.message);
        return;
      }
      toast.success(message ? message(res.data) : res.message);
      then(res.data);
    },
    onError: toastApiError,
  };
}
