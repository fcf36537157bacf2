export { VTU_FUNDED_TOTAL_SQL } from './vtu.repo';
export { vtuRoutes } from './vtu.routes';
export { findLineOrThrow, lineContact, listLines, pickLine } from './vtu.service';
