// The app. The sign-in page is the first a visitor loads, so it paints on its own, without the
// router (react-router is a quarter of the entry's weight) or the toaster (issue 36, point 11:
// the login page's JavaScript ≤ 100 KB gzipped); both load right after that first paint. The
// router takes over as soon as the sign-in page is left: a link followed (lib/app-navigation),
// the browser's back or forward, or a sign-in (the route guard then sends the user on).
import { lazy, Suspense, useEffect, useState } from 'react';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import LoginRoute from '@/features/auth/routes/login';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { onAppNavigate } from '@/lib/app-navigation';
import { useSession } from '@/lib/session';
import { AppProvider } from './provider';

const loadRouter = () => import('./router');
const AppRouter = lazy(async () => ({ default: (await loadRouter()).AppRouter }));

/** The paths that show the sign-in page (spec §2: "/" and "/auth/login"). */
export const SIGN_IN_PATHS = ['/', '/auth/login'];

const onSignInPage = () => SIGN_IN_PATHS.includes(window.location.pathname);

export function App() {
  const { user } = useSession();
  const [standalone, setStandalone] = useState(() => !user && onSignInPage());

  useEffect(() => {
    if (!standalone) return;
    const leave = () => setStandalone(false);
    const offNavigate = onAppNavigate(leave);
    window.addEventListener('popstate', leave);
    const cancel = afterFirstPaint(() => void loadRouter());
    return () => {
      offNavigate();
      window.removeEventListener('popstate', leave);
      cancel();
    };
  }, [standalone]);

  const signInPageOnly = standalone && !user && onSignInPage();
  return (
    <AppProvider>
      {signInPageOnly ? (
        <LoginRoute />
      ) : (
        <Suspense fallback={<FullScreenLoader />}>
          <AppRouter />
        </Suspense>
      )}
    </AppProvider>
  );
}
