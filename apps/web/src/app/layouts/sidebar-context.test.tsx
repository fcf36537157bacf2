import { act, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SidebarProvider, useSidebar } from './sidebar-context';

function Toggle() {
  const { toggleMinimized } = useSidebar();
  return (
    <button type="button" onClick={toggleMinimized}>
      toggle
    </button>
  );
}

function Flag() {
  const { isMinimized } = useSidebar();
  return <span>{isMinimized ? 'minimized' : 'expanded'}</span>;
}

describe('sidebar state', () => {
  it('[SIDEBAR] using the hook outside its provider throws', () => {
    // React logs the thrown error; keep the test output clean.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useSidebar())).toThrow('useSidebar must be used within a SidebarProvider');
  });

  it('[SIDEBAR] holds the minimized flag and the logout modal flag', () => {
    const { result } = renderHook(() => useSidebar(), { wrapper: SidebarProvider });
    expect(result.current.isMinimized).toBe(false);
    expect(result.current.isLogoutModalOpen).toBe(false);
    act(() => result.current.toggleMinimized());
    expect(result.current.isMinimized).toBe(true);
    act(() => result.current.openLogoutModal());
    expect(result.current.isLogoutModalOpen).toBe(true);
    act(() => result.current.closeLogoutModal());
    expect(result.current.isLogoutModalOpen).toBe(false);
    act(() => result.current.setMinimized(false));
    expect(result.current.isMinimized).toBe(false);
  });

  it('[SIDEBAR] components under the provider share one state', () => {
    render(
      <SidebarProvider>
        <Toggle />
        <Flag />
      </SidebarProvider>,
    );
    expect(screen.getByText('expanded')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'toggle' }).click());
    expect(screen.getByText('minimized')).toBeInTheDocument();
  });
});
