// One commission vocabulary for every screen (issue 36 point 19). Commission is EARNED on a
// successful live vend; it is either TAKEN UPFRONT (the wallet paid the amount less it) or
// ACCRUED to the client's commission balance, then SETTLED to the wallet (daily, or by an admin).
// PAID to clients is what reached them: taken upfront plus settled. Commission of a vend still
// PENDING sits in the commission balance too, but is not earned until the vend succeeds, so it is
// always shown apart.
export const COMMISSION_WORDS = {
  earned: 'Commission earned',
  earnedByClients: 'Commission earned by clients',
  upfront: 'Taken upfront',
  accrued: 'Accrued',
  awaitingSettlement: 'Accrued, awaiting settlement',
  settled: 'Settled to wallet',
  paidToClients: 'Commission paid to clients',
  pending: 'Pending, on purchases not yet confirmed',
  balance: 'Commission balance',
} as const;
