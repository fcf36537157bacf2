// A vend's timeline, for the modules that add to it (webhook deliveries record their attempts).
// Kept apart from the vending index so that appending to a timeline pulls in nothing else.
export { recordVendEvent } from './vend-events.repo';
