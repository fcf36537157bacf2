// The development routes (outbox reader, auto top-up schedule run): the composition registers them
// outside production.
export { devRoutes } from './dev.routes';
