// The clients module's public surface: what other modules and the composition may use.
export { clientsRoutes } from './clients.routes';
export { corporateNames, testModeOf } from './clients.service';
