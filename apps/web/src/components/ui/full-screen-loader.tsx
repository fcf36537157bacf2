// The full-screen loading view of spec §2: a centred logo image.
import logoUrl from '@/assets/logo.svg';

export function FullScreenLoader() {
  return (
    <div
      className="fixed inset-0 z-50 flex items-center justify-center bg-white"
      role="status"
      aria-live="polite"
    >
      <img src={logoUrl} alt="VendPort" width={72} height={72} className="h-18 w-18 animate-pulse" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
