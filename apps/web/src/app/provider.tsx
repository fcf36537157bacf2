// App-wide providers: the toaster, loaded after the first paint (app/toasts.tsx). The query client
// comes with the routes that use it (app/query-layout.tsx), so the login page loads without it.
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { afterFirstPaint } from '@/lib/after-first-paint';

const Toasts = lazy(() => import('./toasts'));

export function AppProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState(false);
  useEffect(() => afterFirstPaint(() => setToasts(true)), []);
  return (
    <>
      {children}
      {toasts ? (
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
      ) : null}
    </>
  );
}
