// The admin module: team members and roles of both areas (on auth's users and roles) and the audit
// trail's screens. Only the composition uses it: its routes.
export { adminRoutes } from './admin.routes';
