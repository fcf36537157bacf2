// Logout (spec §8): failure shows the message; success shows the message and resets the
// session and the query cache. The page then reloads (spec §4); the message survives the
// reload as a flash toast.
import { useMutation } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { type ApiEnvelope, api } from '@/lib/api-client';
import { toastApiError } from '@/lib/api-toasts';
import { setFlash } from '@/lib/flash';
import { signOutAndReload } from '@/lib/session';

export const logout = () => api.post<ApiEnvelope<unknown>>('logout');

export function useLogout() {
  return useMutation({
    mutationFn: logout,
    onSuccess: (res) => {
      if (res && res.success === false) {
        toast.error(res.message || 'Logout failed. Please try again.');
        return;
      }
      const message = res?.message || 'You have been logged out.';
      toast.success(message);
      setFlash({ type: 'success', message });
      signOutAndReload();
    },
    onError: (error) => toastApiError(error),
  });
}
