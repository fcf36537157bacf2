// The public API's contract, as committed in packages/client (kept equal to the server by the API's
// contract-drift test): the samples and the Postman collection are generated from it.
import contract from '@vendport/client/openapi.json';
import type { OpenApiDoc } from './samples';

export const CONTRACT: OpenApiDoc = contract;
