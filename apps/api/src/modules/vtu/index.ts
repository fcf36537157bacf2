export { VTU_FUNDED_TOTAL_SQL } from './vtu.repo';
export { vtuRoutes } from './vtu.routes';
export { findLineOrThrow, pickLine } from './vtu.service';
export { lineContact, listLines } from './vtu-reads.service';
