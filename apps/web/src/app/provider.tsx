// App-wide providers: the toaster; a flash message left by a sign-out reload is shown once on
// start. The query client comes with the routes that use it (app/query-layout.tsx), so the
// login page loads without it.
import { type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import { AppToaster } from '@/components/ui/toaster';
import { consumeFlash } from '@/lib/flash';

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => {
    const flash = consumeFlash();
    if (!flash) return;
    if (flash.type === 'success') toast.success(flash.message);
    else if (flash.type === 'error') toast.error(flash.message);
    else toast(flash.message);
  }, []);

  return (
    <>
      {children}
      <AppToaster />
    </>
  );
}
