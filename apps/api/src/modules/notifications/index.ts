// The notifications module's public surface: what other modules and the composition may use.
export { notificationsRoutes } from './notifications.routes';
export { notify, notifyAdmins, notifyCorporate } from './notifications.service';
