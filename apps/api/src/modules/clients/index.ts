// The clients module's public surface: the corporates table is its own (scripts/table-owners.mjs),
// and every other module reads or writes a client's row through these.

export { namesOf as corporateNamesByIds } from './clients.repo';
export type {
  CorporateRow,
  CorporateSummary,
  NewCorporate,
  VerificationRequestFilters,
} from './corporates.repo';
export {
  CORPORATE_DIRECTORY_SQL,
  corporateAutoTopUpOn,
  corporateDirectory,
  corporateEmailTaken,
  corporateExists,
  corporateField,
  corporateName,
  corporateNameOf,
  corporateProfile,
  corporateSummary,
  findCorporate,
  insertCorporate,
  listVerificationRequests,
  lockCorporate,
  setUpfrontCommission,
  setVerificationRequestedAt,
  transitionVerification,
} from './corporates.repo';
