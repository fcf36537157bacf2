// Notifications: in-app messages and their emails, raised by every module that tells a user
// something (notify, notifyAdmins, notifyCorporate); the composition registers their routes.
export { notify, notifyAdmins, notifyCorporate } from './notifications.repo';
export { notificationsRoutes } from './notifications.routes';
