// The VTU lines' plain reads, as routes and other modules call them (the repo's own functions).
export { fundingHistory, type HistoryFilter, type LineWithFloat, lineContact, listLines } from './vtu.repo';
