// Navigation that works before the router has loaded (issue 36, point 11). The sign-in page
// paints without react-router (app/app.tsx); its links go through here. Once the router has
// loaded it registers its navigate and every call goes to it; before that, the address changes
// in the browser's history. Either way the app, listening, hands over to the router.
type Navigate = (to: string) => void;

let routerNavigate: Navigate | null = null;
const listeners = new Set<() => void>();

/** The router registers its navigate when its module loads (app/router.tsx). */
export function setRouterNavigate(fn: Navigate | null): void {
  routerNavigate = fn;
}

/** Goes to `to` inside the single-page app, with or without the router loaded. */
export function appNavigate(to: string): void {
  if (routerNavigate) routerNavigate(to);
  else if (`${window.location.pathname}${window.location.search}` !== to)
    window.history.pushState(null, '', to);
  for (const l of listeners) l();
}

/** Called on every appNavigate (the app, showing the sign-in page alone, then mounts the router). */
export function onAppNavigate(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
