// Toasts of spec §2/§9: top-right, very high z-index, at most 20 on screen, 4 s (2 s for
// success), loading toasts stay until dismissed; success dark green, error red.
import { useEffect } from 'react';
import toast, { Toaster, useToasterStore } from 'react-hot-toast';

export const TOAST_LIMIT = 20;
export const TOAST_Z_INDEX = 99999;

export function AppToaster() {
  const { toasts } = useToasterStore();
  useEffect(() => {
    const visible = toasts.filter((t) => t.visible);
    // Newest first in the store: dismiss everything beyond the limit.
    for (const t of visible.slice(TOAST_LIMIT)) toast.dismiss(t.id);
  }, [toasts]);

  return (
    <Toaster
      position="top-right"
      containerStyle={{ zIndex: TOAST_Z_INDEX }}
      toastOptions={{
        duration: 4000,
        style: { fontSize: '0.875rem', maxWidth: '420px' },
        success: {
          duration: 2000,
          style: { background: '#14532d', color: '#ffffff' },
          iconTheme: { primary: '#ffffff', secondary: '#14532d' },
        },
        error: {
          duration: 4000,
          style: { background: '#dc2626', color: '#ffffff' },
          iconTheme: { primary: '#ffffff', secondary: '#dc2626' },
        },
        loading: { duration: Number.POSITIVE_INFINITY },
      }}
    />
  );
}
