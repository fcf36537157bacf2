// Notifications' plain reads, as its routes call them (the repo's own functions).
export { listNotifications, NOTIFICATIONS_PAGE, unreadCount } from './notifications.repo';
