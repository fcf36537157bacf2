// The vtu module's public surface: the vtu_lines and vtu_fundings tables are its own
// (scripts/table-owners.mjs); the books' float invariant reads the lines' fundings through this.
export { VTU_FUNDED_TOTAL_SQL } from './vtu.repo';
