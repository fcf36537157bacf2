// A link inside the app that needs no router: the sign-in page's links (issue 36, point 11).
// A plain click navigates in the app (lib/app-navigation); a modified click (new tab, window)
// is the browser's, as with any link.
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { appNavigate } from '@/lib/app-navigation';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export function AppLink({ to, onClick, ...rest }: Props) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    appNavigate(to);
  };
  return <a href={to} onClick={handle} {...rest} />;
}
