// The verification module's public surface for other modules.

export { verificationRoutes } from './verification.routes';
export { documentsCountOf, verificationRequests } from './verification.service';
