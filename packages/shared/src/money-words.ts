// The one glossary of money words (issue 53 point 2). Every screen labels its commission and
// funding figures from here, so a word means one figure everywhere: "Commission paid" once meant
// three different sums on three screens. e2e/22-money-words.e2e.ts crawls every route of both
// areas and fails on a money label not in this glossary, or one typed by hand instead of rendered
// from it (a glossary word put on another figure).
//
// Commission is EARNED on a successful live vend. It is either PAID UPFRONT (the wallet paid the
// amount less it) or ACCRUED to the client's commission balance, then SETTLED to the wallet
// (daily, or by an admin). Commission of a vend still PENDING sits in the balance too, but is not
// earned until the vend succeeds. Funding RECEIVED is every credit to the wallet (transfers
// approved, cards, dedicated account, admin funding); REVERSED is what was taken back (a card
// charge reversed after its credit); NET is received less reversed.
export const MONEY_WORDS = {
  commissionEarned: 'Commission earned',
  commissionUpfront: 'Commission paid upfront',
  commissionAccrued: 'Commission accrued',
  commissionSettled: 'Commission settled',
  commissionUnsettled: 'Commission awaiting settlement',
  commissionPending: 'Commission pending',
  commissionBalance: 'Commission balance',
  fundingReceived: 'Funding received',
  /** All funding received since the account opened (spec §2, Business Account: exact text). */
  fundingTotal: 'Total Funding',
  fundingReversed: 'Funding reversed',
  fundingNet: 'Net funding',
} as const;

export type MoneyWord = keyof typeof MONEY_WORDS;

/** What each word means, for a tooltip or a legend. */
export const MONEY_WORD_MEANINGS: Record<MoneyWord, string> = {
  commissionEarned: 'Commission on successful live vends: paid upfront plus accrued.',
  commissionUpfront: 'Commission taken off the price at the time of the vend.',
  commissionAccrued: 'Commission earned and added to the commission balance, not yet settled.',
  commissionSettled: 'Accrued commission moved from the commission balance to the wallet.',
  commissionUnsettled: 'Accrued commission still in the commission balance, to be settled.',
  commissionPending: 'Commission of vends not yet confirmed: not earned until they succeed.',
  commissionBalance: 'Accrued commission awaiting settlement plus commission pending.',
  fundingReceived:
    'Every credit to the wallet in the period: transfers, cards, dedicated account, admin funding.',
  fundingTotal: 'Every credit to the wallet since the account opened.',
  fundingReversed: 'Funding taken back after it was credited (a card charge reversed).',
  fundingNet: 'Funding received less funding reversed.',
};

/**
 * Words that make a label a money word: a label of a naira figure that uses one of them must be
 * a glossary word (the class test's rule).
 */
export const MONEY_VOCABULARY =
  /commission|funding|funded|settle|accru|upfront|earned|revers|\bpaid\b|\bnet\b/i;
