// "Need help?": the platform's support email and phone (platform settings, read through the same
// GET platform as the maintenance banner), under the client area's sidebar links. Hidden when
// neither is set; a minimized sidebar shows only an icon linking to the first of them.
import { InfoIcon, MailIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { usePlatform } from '@/lib/platform';
import { useSession } from '@/lib/session';

export function SupportContact({ compact }: { compact: boolean }) {
  const { user } = useSession();
  const platform = usePlatform(!!user);
  const email = platform.data?.supportEmail?.trim() ?? '';
  const phone = platform.data?.supportPhone?.trim() ?? '';
  if (!email && !phone) return null;
  const title = ['Need help?', email, phone].filter(Boolean).join(' ');
  if (compact) {
    return (
      <a
        href={email ? `mailto:${email}` : `tel:${phone.replace(/\s+/g, '')}`}
        title={title}
        aria-label={title}
        className="flex justify-center rounded-lg py-2 text-slate-400 hover:bg-white/5 hover:text-white"
      >
        <InfoIcon className="h-5 w-5" />
      </a>
    );
  }
  const link = 'block truncate text-slate-300 hover:text-white hover:underline';
  return (
    <section aria-label="Need help?" className="rounded-lg bg-white/5 px-3 py-2.5 text-xs">
      <p className="flex items-center gap-2 font-semibold text-white">
        <InfoIcon className="h-4 w-4 text-brand-400" /> Need help?
      </p>
      {email ? (
        <a href={`mailto:${email}`} className={cn(link, 'mt-1.5 flex items-center gap-1.5')}>
          <MailIcon className="h-3.5 w-3.5 shrink-0 text-slate-400" />
          <span className="truncate">{email}</span>
        </a>
      ) : null}
      {phone ? (
        <a href={`tel:${phone.replace(/\s+/g, '')}`} className={cn(link, 'mt-1')}>
          {phone}
        </a>
      ) : null}
    </section>
  );
}
