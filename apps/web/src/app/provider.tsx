// App-wide providers: the query client (emptied whenever the signed-in user changes) and the
// toaster; a flash message left by a sign-out reload is shown once on start.
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect } from 'react';
import toast from 'react-hot-toast';
import { AppToaster } from '@/components/ui/toaster';
import { consumeFlash } from '@/lib/flash';
import { clearOnUserChange, queryClient } from '@/lib/query-client';

export function AppProvider({ children }: { children: ReactNode }) {
  useEffect(() => clearOnUserChange(queryClient), []);
  useEffect(() => {
    const flash = consumeFlash();
    if (!flash) return;
    if (flash.type === 'success') toast.success(flash.message);
    else if (flash.type === 'error') toast.error(flash.message);
    else toast(flash.message);
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToaster />
    </QueryClientProvider>
  );
}
