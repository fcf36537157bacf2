// The profile menu at the top right of both areas: the user's initials and name open a small
// menu with what every user may do for themselves, whatever their role: their profile, their own
// notification set-up (Settings is not open to every role), and signing out.
import type { Area } from '@vendport/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { BellIcon, ChevronDownIcon, LogoutIcon, UserIcon } from '@/components/ui/icons';
import { useSession } from '@/lib/session';
import { useSidebar } from './sidebar-context';

export const profilePath = (area: Area) =>
  area === 'ADMIN' ? '/admin-dashboard/admin-profile' : '/dashboard/profile';
export const notificationSettingsPath = (area: Area) =>
  area === 'ADMIN' ? '/admin-dashboard/notification-settings' : '/dashboard/notification-settings';

const itemClass =
  'flex w-full items-center gap-2.5 px-4 py-2.5 text-left text-sm text-slate-700 hover:bg-slate-50 focus:bg-slate-50 focus:outline-none';

export function ProfileMenu({ area }: { area: Area }) {
  const { user, fullName } = useSession();
  const { openLogoutModal } = useSidebar();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const initials = `${user?.first_name?.[0] ?? ''}${user?.last_name?.[0] ?? ''}`.toUpperCase();
  const subtitle = area === 'ADMIN' ? 'Administrator' : (user?.corporate?.name ?? 'Corporate');

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (box.current && !box.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  return (
    <div ref={box} className="relative border-l border-slate-200 pl-3">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label="Profile menu"
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-3 rounded-lg p-1 text-left hover:bg-slate-100"
      >
        <span
          className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {initials || '?'}
        </span>
        <span className="hidden min-w-0 sm:block">
          <span className="block truncate text-sm font-medium text-slate-900" data-testid="user-full-name">
            {fullName}
          </span>
          <span className="block truncate text-xs text-slate-500">{subtitle}</span>
        </span>
        <ChevronDownIcon className="hidden h-4 w-4 text-slate-400 sm:block" />
      </button>
      {open ? (
        <div
          id={menuId}
          role="menu"
          aria-label="Profile menu"
          className="absolute right-0 z-40 mt-2 w-60 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          <Link role="menuitem" to={profilePath(area)} className={itemClass} onClick={close}>
            <UserIcon className="h-4 w-4 text-slate-400" />
            Profile
          </Link>
          <Link role="menuitem" to={notificationSettingsPath(area)} className={itemClass} onClick={close}>
            <BellIcon className="h-4 w-4 text-slate-400" />
            Notification settings
          </Link>
          <button
            type="button"
            role="menuitem"
            className={itemClass}
            onClick={() => {
              close();
              openLogoutModal();
            }}
          >
            <LogoutIcon className="h-4 w-4 text-slate-400" />
            Logout
          </button>
        </div>
      ) : null}
    </div>
  );
}
