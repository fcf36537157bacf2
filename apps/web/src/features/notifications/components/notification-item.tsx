import type { NotificationView } from '@vendport/shared';
import { TrashIcon } from '@/components/ui/icons';
import { cn } from '@/lib/cn';
import { formatShortDateTime } from '@/lib/format';
import { truncateBody } from '../group-by-day';

export function NotificationItem({
  notification,
  onOpen,
  onDelete,
}: {
  notification: NotificationView;
  onOpen: (n: NotificationView) => void;
  onDelete: (n: NotificationView) => void;
}) {
  const unread = !notification.isRead;
  return (
    <li
      data-testid="notification-item"
      data-unread={unread ? 'true' : 'false'}
      className={cn(
        'group flex items-stretch border-b border-slate-100 last:border-b-0',
        unread ? 'bg-brand-50/70' : 'bg-white',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(notification)}
        className="flex min-w-0 flex-1 items-start gap-3 px-5 py-4 text-left hover:bg-slate-50/80 focus:outline-none focus-visible:bg-slate-50"
        aria-label={`${unread ? 'Unread' : 'Read'} notification: ${notification.subject}`}
      >
        <span
          className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-600' : 'bg-transparent')}
          aria-hidden="true"
        />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <span
              className={cn(
                'truncate text-sm',
                unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700',
              )}
            >
              {notification.subject}
            </span>
            <time dateTime={notification.createdAt} className="shrink-0 text-xs text-slate-500">
              {formatShortDateTime(notification.createdAt)}
            </time>
          </span>
          <span className={cn('mt-1 block truncate text-sm', unread ? 'text-slate-700' : 'text-slate-500')}>
            {truncateBody(notification.body)}
          </span>
        </span>
      </button>
      <button
        type="button"
        onClick={() => onDelete(notification)}
        className="flex shrink-0 items-center px-4 text-slate-400 hover:text-red-600 focus:outline-none focus-visible:text-red-600"
        aria-label={`Delete notification: ${notification.subject}`}
        title="Delete"
      >
        <TrashIcon className="h-5 w-5" />
      </button>
    </li>
  );
}
