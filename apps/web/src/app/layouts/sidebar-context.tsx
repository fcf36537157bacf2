// Sidebar state of spec §3: the minimized flag and the logout-modal flag, in one provider.
// Using the hook outside the provider is a programming error and throws (spec §8).
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';

export type SidebarState = {
  isMinimized: boolean;
  isLogoutModalOpen: boolean;
  toggleMinimized: () => void;
  setMinimized: (value: boolean) => void;
  openLogoutModal: () => void;
  closeLogoutModal: () => void;
};

const SidebarContext = createContext<SidebarState | null>(null);

export function SidebarProvider({
  children,
  initialMinimized = false,
}: {
  children: ReactNode;
  initialMinimized?: boolean;
}) {
  const [isMinimized, setMinimized] = useState(initialMinimized);
  const [isLogoutModalOpen, setLogoutModalOpen] = useState(false);
  const toggleMinimized = useCallback(() => setMinimized((v) => !v), []);
  const openLogoutModal = useCallback(() => setLogoutModalOpen(true), []);
  const closeLogoutModal = useCallback(() => setLogoutModalOpen(false), []);
  const value = useMemo(
    () => ({
      isMinimized,
      isLogoutModalOpen,
      toggleMinimized,
      setMinimized,
      openLogoutModal,
      closeLogoutModal,
    }),
    [isMinimized, isLogoutModalOpen, toggleMinimized, openLogoutModal, closeLogoutModal],
  );
  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const ctx = useContext(SidebarContext);
  if (!ctx) throw new Error('useSidebar must be used within a SidebarProvider');
  return ctx;
}
