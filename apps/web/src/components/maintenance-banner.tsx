// The maintenance banner an admin sets in the platform settings: shown at the top of every
// portal page of both areas while it has text.
import { usePlatform } from '@/lib/platform';
import { useSession } from '@/lib/session';

export function MaintenanceBanner() {
  const { user } = useSession();
  const platform = usePlatform(!!user);
  const text = platform.data?.maintenanceBanner?.trim();
  if (!text) return null;
  return (
    <div
      role="status"
      data-testid="maintenance-banner"
      className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-center text-sm text-sky-900 sm:px-6"
    >
      <strong className="font-semibold">Notice</strong> — {text}
    </div>
  );
}
