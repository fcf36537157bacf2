// Notifications (spec §2): grouped by day, unread highlighted, open to read (marks it read),
// delete one or clear all after a confirm, server-side pages of 40. Toasts per spec §8.
import type { NotificationView } from '@vendport/shared';
import { useEffect, useState } from 'react';
import { QueryError } from '@/components/query-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmModal } from '@/components/ui/confirm-modal';
import { InboxIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Pager, usePageParams } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { toastApiError, toastApiResult } from '@/lib/api-toasts';
import { useClearNotifications } from '../api/clear-notifications';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { NotificationDetailModal } from '../components/notification-detail-modal';
import { NotificationItem } from '../components/notification-item';
import { groupByDay } from '../group-by-day';

export const EMPTY_TEXT = 'You Currently have no notification';

export default function NotificationsRoute() {
  const { page, setPage } = usePageParams();
  const notifications = useNotifications(page);
  const markRead = useMarkNotificationRead();
  const deleteOne = useDeleteNotification();
  const clearAll = useClearNotifications();
  const [open, setOpen] = useState<NotificationView | null>(null);
  const [toDelete, setToDelete] = useState<NotificationView | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);

  const list = notifications.data?.data ?? [];
  const lastPage = notifications.data?.lastPage ?? 1;
  const hasMorePages = notifications.data?.hasMorePages ?? false;

  // After deletions the current page may no longer exist: step back to the last one.
  useEffect(() => {
    if (notifications.data && !notifications.isPlaceholderData && page > Math.max(1, lastPage)) {
      setPage(Math.max(1, lastPage));
    }
  }, [notifications.data, notifications.isPlaceholderData, page, lastPage, setPage]);

  const openNotification = (n: NotificationView) => {
    setOpen(n);
    if (!n.isRead) markRead.mutate(n.id);
  };

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteOne.mutate(toDelete.id, {
      onSuccess: (res) => {
        toastApiResult(res);
        setToDelete(null);
      },
      onError: (e) => {
        toastApiError(e);
        setToDelete(null);
      },
    });
  };

  const confirmClearAll = () => {
    clearAll.mutate(undefined, {
      onSuccess: (res) => {
        toastApiResult(res);
        setConfirmClear(false);
        if (res.success !== false) setPage(1);
      },
      onError: (e) => {
        toastApiError(e);
        setConfirmClear(false);
      },
    });
  };

  return (
    <div>
      <PageHeader
        title="Notifications"
        actions={
          <Button variant="secondary" onClick={() => setConfirmClear(true)} disabled={list.length === 0}>
            Clear all
          </Button>
        }
      />

      <Card className="overflow-hidden">
        {notifications.isPending ? (
          <div className="flex justify-center py-16 text-brand-700">
            <Spinner className="h-7 w-7" label="Loading notifications" />
          </div>
        ) : notifications.isError ? (
          <div className="p-6">
            <QueryError title="Notifications could not be loaded." onRetry={() => notifications.refetch()} />
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-16 text-center">
            <span className="mb-3 flex h-12 w-12 items-center justify-center rounded-full bg-slate-100 text-slate-400">
              <InboxIcon className="h-6 w-6" />
            </span>
            <p className="text-sm font-medium text-slate-600">{EMPTY_TEXT}</p>
          </div>
        ) : (
          <div className={notifications.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
            {groupByDay(list).map((group) => (
              <section key={group.day} aria-label={group.day}>
                <h2 className="sticky top-0 z-[1] border-b border-slate-100 bg-slate-50 px-5 py-2 text-sm font-semibold text-slate-600">
                  {group.day}
                </h2>
                <ul>
                  {group.items.map((n) => (
                    <NotificationItem
                      key={n.id}
                      notification={n}
                      onOpen={openNotification}
                      onDelete={setToDelete}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
        {notifications.data && (list.length > 0 || page > 1) ? (
          <Pager
            hasMorePages={hasMorePages}
            lastPage={lastPage}
            showPageSize={false}
            disabled={notifications.isFetching}
          />
        ) : null}
      </Card>

      <NotificationDetailModal notification={open} onClose={() => setOpen(null)} />

      <ConfirmModal
        open={!!toDelete}
        title="Delete notification"
        message={
          <>
            Delete <span className="font-medium text-slate-800">{toDelete?.subject}</span>? This cannot be
            undone.
          </>
        }
        confirmLabel="Delete"
        tone="danger"
        loading={deleteOne.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setToDelete(null)}
      />

      <ConfirmModal
        open={confirmClear}
        title="Clear all notifications"
        message="All your notifications will be removed. This cannot be undone."
        confirmLabel="Clear all"
        tone="danger"
        loading={clearAll.isPending}
        onConfirm={confirmClearAll}
        onCancel={() => setConfirmClear(false)}
      />
    </div>
  );
}
