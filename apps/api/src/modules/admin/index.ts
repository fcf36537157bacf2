// The admin module's public surface: what other modules and the composition may use.
export { adminRoutes } from './admin.routes';
