// The corporates module owns the corporates table (the client directory): every read and write of
// a client's row, for the clients module's screens and for every other module that needs a
// client's name, terms, flags or verification state, and the SQL other modules embed to read a
// client's columns in their own statement. It imports no other module.

export {
  type CorporateFilters,
  type CorporateRecord,
  findCorporateRecord,
  listCorporates,
  lockCorporateRecord,
  lockCreditTerms,
  namesOf,
  namesOf as corporateNamesByIds,
  type RateLimitOverride,
  rateLimitOverrideOf,
  setCreditTerms,
  setRateLimitOverride,
  updateCorporateFlags,
  updateCorporateStatus,
} from './clients.repo';
export {
  CORPORATE_DIRECTORY_SQL,
  type CorporateRow,
  type CorporateSummary,
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
  type NewCorporate,
  setUpfrontCommission,
  setVendingHold,
  setVerificationRequestedAt,
  transitionVerification,
  type VerificationRequestFilters,
} from './corporates.repo';
