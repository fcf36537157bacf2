// The verification module's public surface for other modules.
export { documentsCountOf } from './verification.service';
