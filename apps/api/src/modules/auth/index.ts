// The auth module's public surface for other modules: confirming the acting user's password
// before a destructive or money-moving action.
export { confirmActingPassword } from './passwords.service';
