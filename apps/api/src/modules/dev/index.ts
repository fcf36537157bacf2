// The dev module's public surface: what other modules and the composition may use.
export { devRoutes } from './dev.routes';
