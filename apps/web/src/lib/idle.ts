// Idle sign-out timeout (spec §9: 20 minutes by default). VITE_IDLE_TIMEOUT_MS changes it at
// build time; the local-storage key below overrides it at run time (end-to-end tests).
export const DEFAULT_IDLE_TIMEOUT_MS = 20 * 60 * 1000;
export const IDLE_TIMEOUT_STORAGE_KEY = 'vendport.idleTimeoutMs';

function positiveInt(v: unknown): number | null {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export function getIdleTimeoutMs(): number {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(IDLE_TIMEOUT_STORAGE_KEY);
  } catch {
    stored = null;
  }
  return positiveInt(stored) ?? positiveInt(import.meta.env.VITE_IDLE_TIMEOUT_MS) ?? DEFAULT_IDLE_TIMEOUT_MS;
}
