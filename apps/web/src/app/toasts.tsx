// The toaster, loaded after the first paint (issue 36, point 11: the sign-in page paints without
// it); a flash message left by a sign-out reload is shown once it is there. A toast raised before
// it loads waits in react-hot-toast's store and shows as it mounts.
import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { AppToaster } from '@/components/ui/toaster';
import { consumeFlash } from '@/lib/flash';

export default function Toasts() {
  useEffect(() => {
    const flash = consumeFlash();
    if (!flash) return;
    if (flash.type === 'success') toast.success(flash.message);
    else if (flash.type === 'error') toast.error(flash.message);
    else toast(flash.message);
  }, []);
  return <AppToaster />;
}
