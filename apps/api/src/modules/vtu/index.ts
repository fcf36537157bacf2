// The vtu module's public surface: what other modules and the composition may use.
export { vtuRoutes } from './vtu.routes';
export { findLineOrThrow, lineContact, listLines, pickLine } from './vtu.service';
