// The layout both areas share (spec §2): a minimizable sidebar with the area's sections, a top
// bar with the user's name and the unread-notification bell, the logout confirm and the idle
// sign-out timer.

import type { Area } from '@vendport/shared';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useIdleTimer } from 'react-idle-timer';
import { Link, NavLink, Outlet, useLocation, useNavigation } from 'react-router';
import logoUrl from '@/assets/logo.svg';
import { MaintenanceBanner } from '@/components/maintenance-banner';
import { SupportContact } from '@/components/support-contact';
import { Button } from '@/components/ui/button';
import {
  BellIcon,
  ChevronDownIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  CloseIcon,
  LogoutIcon,
  MenuIcon,
} from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { useMe } from '@/features/auth/api/get-me';
import { logout, useLogout } from '@/features/auth/api/logout';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { cn } from '@/lib/cn';
import { setFlash } from '@/lib/flash';
import { countOf } from '@/lib/format';
import { getIdleTimeoutMs } from '@/lib/idle';
import { signOutAndReload, userFromData, useSession } from '@/lib/session';
import { navFor, notificationPath } from './nav';
import { ProfileMenu } from './profile-menu';
import { SidebarProvider, useSidebar } from './sidebar-context';
import { revealCurrentLink, useScrollCues } from './use-scroll-cues';

export const LOGOUT_QUESTION = 'Are you sure you want to logout ?';

function Sidebar({
  area,
  mobileOpen,
  onNavigate,
}: {
  area: Area;
  mobileOpen: boolean;
  onNavigate: () => void;
}) {
  const { isMinimized, toggleMinimized, openLogoutModal } = useSidebar();
  const { user } = useSession();
  const sections = navFor(area, user?.permissions ?? []);
  // The drawer on small screens always shows labels.
  const compact = isMinimized && !mobileOpen;
  // The links scroll on their own (a laptop screen does not hold every admin entry): a shade and
  // a More button say there is more below, and the current entry is kept in view.
  const scroller = useRef<HTMLDivElement>(null);
  const cues = useScrollCues(scroller);
  const { pathname } = useLocation();
  // Again on every navigation, and when the drawer opens or the sidebar changes width.
  useLayoutEffect(() => revealCurrentLink(scroller.current), [pathname, mobileOpen, compact]);

  return (
    <aside
      aria-label="Sidebar"
      data-minimized={isMinimized ? 'true' : 'false'}
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex flex-col bg-slate-900 text-slate-300 transition-[width,transform] duration-200 md:sticky md:top-0 md:h-screen md:translate-x-0',
        compact ? 'w-[4.5rem]' : 'w-64',
        mobileOpen ? 'translate-x-0' : '-translate-x-full',
      )}
    >
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-3 border-b border-white/10',
          compact ? 'justify-center px-2' : 'px-5',
        )}
      >
        <img src={logoUrl} alt="" width={32} height={32} className="h-8 w-8 shrink-0" />
        {!compact ? (
          <div className="min-w-0">
            <p className="truncate text-base font-semibold text-white">VendPort</p>
            <p className="truncate text-xs text-slate-400">
              {area === 'ADMIN' ? 'Admin console' : 'Business portal'}
            </p>
          </div>
        ) : null}
      </div>

      {/* The navigation and, under it, the support contact scroll together: the links keep the room. */}
      <div className="relative min-h-0 flex-1">
        <div
          ref={scroller}
          className="h-full overflow-y-auto overscroll-contain"
          data-testid="sidebar-scroll"
        >
          <nav
            className="px-3 pt-4 pb-1"
            aria-label={area === 'ADMIN' ? 'Admin navigation' : 'Main navigation'}
          >
            {sections.map((section) => (
              <div key={section.title} className="mb-5">
                {compact ? (
                  <div className="mx-2 mb-2 border-t border-white/10" aria-hidden="true" />
                ) : (
                  <p className="mb-1.5 px-3 text-[11px] font-semibold uppercase tracking-wider text-slate-500">
                    {section.title}
                  </p>
                )}
                <ul className="space-y-0.5">
                  {section.items.map((item) => (
                    <li key={item.to}>
                      <NavLink
                        to={item.to}
                        end={item.end}
                        onClick={onNavigate}
                        title={compact ? item.label : undefined}
                        className={({ isActive }) =>
                          cn(
                            'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors',
                            compact && 'justify-center px-0',
                            isActive
                              ? 'bg-brand-600/20 text-white ring-1 ring-inset ring-brand-500/30'
                              : 'hover:bg-white/5 hover:text-white',
                          )
                        }
                      >
                        {({ isActive }) => (
                          <>
                            <span className={cn('relative', isActive ? 'text-brand-400' : 'text-slate-400')}>
                              {item.icon}
                            </span>
                            <span className={compact ? 'sr-only' : 'min-w-0 flex-1 truncate'}>
                              {item.label}
                            </span>
                          </>
                        )}
                      </NavLink>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </nav>
          {area === 'CORPORATE' ? (
            <div className="px-3 pb-4">
              <SupportContact compact={compact} />
            </div>
          ) : null}
        </div>
        {cues.above ? (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-0 h-6 bg-linear-to-b from-slate-900 to-transparent"
          />
        ) : null}
        {cues.below ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-0 flex h-14 items-end justify-center bg-linear-to-t from-slate-900 via-slate-900/80 to-transparent pb-1.5">
            <button
              type="button"
              data-testid="sidebar-more"
              onClick={() =>
                scroller.current?.scrollBy({ top: scroller.current.clientHeight * 0.6, behavior: 'smooth' })
              }
              aria-label="Show more menu entries"
              title="More entries below"
              className="pointer-events-auto flex items-center gap-1 rounded-full bg-slate-800 px-2.5 py-1 text-xs font-medium text-slate-200 shadow ring-1 ring-white/10 hover:bg-slate-700 hover:text-white"
            >
              {compact ? null : <span>More</span>}
              <ChevronDownIcon className="h-4 w-4" />
            </button>
          </div>
        ) : null}
      </div>

      <div className="space-y-1 border-t border-white/10 p-3">
        <button
          type="button"
          onClick={openLogoutModal}
          title={compact ? 'Logout' : undefined}
          className={cn(
            'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-300 hover:bg-white/5 hover:text-white',
            compact && 'justify-center px-0',
          )}
        >
          <LogoutIcon className="h-5 w-5 shrink-0 text-slate-400" />
          <span className={compact ? 'sr-only' : undefined}>Logout</span>
        </button>
        <button
          type="button"
          onClick={toggleMinimized}
          aria-label={isMinimized ? 'Expand sidebar' : 'Minimize sidebar'}
          aria-pressed={isMinimized}
          className={cn(
            'hidden w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-400 hover:bg-white/5 hover:text-white md:flex',
            compact && 'justify-center px-0',
          )}
        >
          {isMinimized ? <ChevronRightIcon className="h-5 w-5" /> : <ChevronLeftIcon className="h-5 w-5" />}
          {!compact ? <span>Minimize</span> : null}
        </button>
      </div>
    </aside>
  );
}

function NotificationBell({ area }: { area: Area }) {
  const unread = useUnreadCount();
  const count = unread.data ?? 0;
  const label = count > 0 ? `Notifications, ${count} unread` : 'Notifications';
  return (
    <Link
      to={notificationPath(area)}
      aria-label={label}
      title={label}
      className="relative rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
    >
      <BellIcon className="h-6 w-6" />
      {count > 0 ? (
        <span
          data-testid="unread-count"
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-semibold text-white ring-2 ring-white"
        >
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}

function TopBar({ area, onOpenMenu }: { area: Area; onOpenMenu: () => void }) {
  const { user } = useSession();
  return (
    <header
      data-app-header=""
      className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6"
    >
      <button
        type="button"
        onClick={onOpenMenu}
        className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 md:hidden"
        aria-label="Open menu"
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      {user?.corporate?.testMode ? (
        <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-800">
          Test mode
        </span>
      ) : null}
      <div className="ml-auto flex items-center gap-3">
        <NotificationBell area={area} />
        <ProfileMenu area={area} />
      </div>
    </header>
  );
}

/** In test mode, a banner across the client area says that nothing touches live money. */
function TestModeBanner() {
  const { user } = useSession();
  if (!user?.corporate?.testMode) return null;
  return (
    <div
      role="status"
      data-testid="test-mode-banner"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 sm:px-6"
    >
      <strong className="font-semibold">Test mode</strong> — purchases use your sandbox wallet and the
      simulator; nothing touches live money.{' '}
      <Link to="/dashboard/settings" className="font-medium underline">
        Switch in Settings
      </Link>
    </div>
  );
}

function LogoutModal() {
  const { isLogoutModalOpen, closeLogoutModal } = useSidebar();
  const logoutMutation = useLogout();
  return (
    <Modal
      open={isLogoutModalOpen}
      onClose={closeLogoutModal}
      size="sm"
      hideClose
      dismissible={!logoutMutation.isPending}
      footer={
        <>
          <Button variant="secondary" onClick={closeLogoutModal} disabled={logoutMutation.isPending}>
            Stay active
          </Button>
          <Button variant="danger" loading={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
            Logout
          </Button>
        </>
      }
    >
      <div className="flex flex-col items-center pt-2 text-center">
        <span className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
          <LogoutIcon className="h-6 w-6" />
        </span>
        <p className="text-base font-medium text-slate-900">{LOGOUT_QUESTION}</p>
      </div>
    </Modal>
  );
}

/** Signs out after the idle timeout (spec §9: 20 minutes by default). */
function IdleSignOut() {
  const [timeout] = useState(getIdleTimeoutMs);
  useIdleTimer({
    timeout,
    throttle: 500,
    onIdle: () => {
      const minutes = Math.round(timeout / 60_000);
      setFlash({
        type: 'info',
        message:
          minutes >= 1
            ? `You were signed out after ${countOf(minutes, 'minute')} without activity.`
            : 'You were signed out after a period without activity.',
      });
      // Revoke the token on the server too; sign out locally whatever the answer.
      void logout()
        .catch(() => undefined)
        .finally(() => {
          signOutAndReload();
        });
    },
  });
  return null;
}

/** Keeps the stored profile in step with the server (roles, flags, names). */
function ProfileRefresh() {
  const { updateProfile } = useSession();
  const me = useMe();
  useEffect(() => {
    const user = me.data?.success ? userFromData(me.data.data) : null;
    if (user) updateProfile(user);
  }, [me.data, updateProfile]);
  return null;
}

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brand-100"
      role="progressbar"
      aria-label="Loading page"
    >
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
    </div>
  );
}

function AreaLayout({ area }: { area: Area }) {
  const [mobileOpen, setMobileOpen] = useState(false);
  const location = useLocation();
  // Close the drawer after every navigation on small screens.
  useEffect(() => setMobileOpen(false), [location.pathname]);

  return (
    <SidebarProvider>
      <div className="flex min-h-screen bg-slate-50">
        <NavigationProgress />
        {mobileOpen ? (
          <div
            className="fixed inset-0 z-[35] bg-slate-900/40 md:hidden"
            aria-hidden="true"
            onClick={() => setMobileOpen(false)}
          />
        ) : null}
        {/* The dark column runs the page's whole height; the sidebar inside it stays in view. */}
        <div className="shrink-0 md:bg-slate-900">
          <Sidebar area={area} mobileOpen={mobileOpen} onNavigate={() => setMobileOpen(false)} />
        </div>
        {mobileOpen ? (
          <button
            type="button"
            onClick={() => setMobileOpen(false)}
            className="fixed left-64 top-3 z-40 rounded-full bg-white p-2 text-slate-700 shadow md:hidden"
            aria-label="Close menu"
          >
            <CloseIcon className="h-5 w-5" />
          </button>
        ) : null}
        <div className="flex min-w-0 flex-1 flex-col">
          <TopBar area={area} onOpenMenu={() => setMobileOpen(true)} />
          <MaintenanceBanner />
          {area === 'CORPORATE' ? <TestModeBanner /> : null}
          <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
            <Outlet />
          </main>
        </div>
        <LogoutModal />
        <IdleSignOut />
        <ProfileRefresh />
      </div>
    </SidebarProvider>
  );
}

export function ClientAreaLayout() {
  return <AreaLayout area="CORPORATE" />;
}

export function AdminAreaLayout() {
  return <AreaLayout area="ADMIN" />;
}
