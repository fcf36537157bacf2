// Shared test setup for the web project: clean DOM, storage, cookies and spies between tests.
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { newPage } from '@/lib/after-sign-in';
import { sessionStore } from '@/lib/session';

// Lazy route modules load through dynamic import; on a loaded two-core CI machine the first
// render of a screen can take longer than Testing Library's default 1 s wait.
configure({ asyncUtilTimeout: 10_000 });

// The project shares modules between files (isolate: false, vitest.config.ts): each file starts
// as a newly loaded page, as a browser tab does: no sign-out pending, and the session read again
// from storage (emptied after every test), not the one a file before left in memory.
beforeAll(() => {
  newPage();
  sessionStore.restore();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: resetting the test document's cookies
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  document.body.style.overflow = '';
});
