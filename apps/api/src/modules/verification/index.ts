// The verification module's public surface for other modules.
export { documentsCountOf, verificationRequests } from './verification.service';
