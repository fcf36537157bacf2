// Issue 36 point 10: every mutation reads the envelope. An answer with success false is shown as
// an error and goes no further; a source that sends a mutation does so through the one helper
// (envelopeCallbacks, or the wrappers built on it) or reads `success === false` itself. Fails
// naming each file that does neither.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelopeCallbacks } from './api-toasts';

const repo = path.resolve(import.meta.dirname, '../../../..');

/** Mutations whose answer is no envelope, or whose hook reads it. */
const NOT_ENVELOPES = new Map([
  ['apps/web/src/features/funding/components/proof-button.tsx', 'a file download, not an envelope'],
  ['apps/web/src/app/layouts/area-layout.tsx', 'useLogout reads the envelope (auth/api/logout.ts)'],
  [
    'apps/web/src/features/auth/components/sign-out-link.tsx',
    'useLogout reads the envelope (auth/api/logout.ts)',
  ],
]);

const READS_ENVELOPE =
  /envelopeCallbacks|onEnvelope|actionCallbacks|toastApiResult|success === false|success !== false/;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(repo, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, e.name);
    if (e.isDirectory()) out.push(...sources(rel));
    else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
  }
  return out;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('[TOASTS] envelope of every mutation (spec §8)', () => {
  it('[TOASTS] success false toasts its message as an error and goes no further', () => {
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    const then = vi.fn();
    const cb = envelopeCallbacks(then);
    cb.onSuccess({ success: false, message: 'Refused' });
    expect(error).toHaveBeenCalledWith('Refused');
    expect(then).not.toHaveBeenCalled();
    cb.onSuccess({ success: true, message: 'Saved', data: 1 });
    expect(success).toHaveBeenCalledWith('Saved');
    expect(then).toHaveBeenCalledWith(1);
  });

  it('[TOASTS] every source that sends a mutation reads its envelope', () => {
    const offenders = sources('apps/web/src').filter((file) => {
      const text = readFileSync(path.join(repo, file), 'utf8');
      if (!/\.mutate(Async)?\(/.test(text)) return false;
      return !NOT_ENVELOPES.has(file) && !READS_ENVELOPE.test(text);
    });
    expect(offenders).toEqual([]);
  });
});
