// A message that survives the reload of a sign-out (spec §4 reloads the page; spec §8 shows the
// logout message): written to session storage before reloading, shown once on the next start.
const FLASH_KEY = 'vendport.flash';

export type Flash = { type: 'success' | 'error' | 'info'; message: string };

export function setFlash(flash: Flash): void {
  try {
    window.sessionStorage.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // ignore: the message is a courtesy
  }
}

export function consumeFlash(): Flash | null {
  try {
    const raw = window.sessionStorage.getItem(FLASH_KEY);
    if (!raw) return null;
    window.sessionStorage.removeItem(FLASH_KEY);
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (
      (parsed.type === 'success' || parsed.type === 'error' || parsed.type === 'info') &&
      typeof parsed.message === 'string'
    ) {
      return { type: parsed.type, message: parsed.message };
    }
    return null;
  } catch {
    return null;
  }
}
