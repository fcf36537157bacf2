import type { NotificationView } from '@vendport/shared';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatShortDateTime } from '@/lib/format';

export function NotificationDetailModal({
  notification,
  onClose,
}: {
  notification: NotificationView | null;
  onClose: () => void;
}) {
  return (
    <Modal
      open={!!notification}
      onClose={onClose}
      title={notification?.subject}
      description={notification ? formatShortDateTime(notification.createdAt) : undefined}
      footer={<Button onClick={onClose}>Dismiss</Button>}
    >
      <div
        className="max-h-[50vh] overflow-y-auto whitespace-pre-wrap text-sm leading-6 text-slate-700"
        data-testid="notification-body"
      >
        {notification?.body}
      </div>
    </Modal>
  );
}
