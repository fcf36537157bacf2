// The one source of each money field's limits that is not a service's or a platform setting
// (issue 53 point 5): the API's schemas refuse outside them and the web's hints quote them, both
// from here. A vend's limits are its service's and the platform's largest single vend
// (vend-limits.ts); the platform settings' own amounts carry theirs in settings.ts.
import type { AmountLimits } from './money';

const naira = (n: number) => n * 100;

export const AMOUNT_LIMITS = {
  /** A bank transfer, an admin's funding of a wallet, a postpaid repayment. */
  funding: { minKobo: naira(100), maxKobo: naira(1_000_000_000) },
  /**
   * A card payment: one card charge, far below a bank transfer (a card is for topping up now,
   * a large sum goes by transfer), and the fee on it stays within the cap.
   */
  card: { minKobo: naira(100), maxKobo: naira(10_000_000) },
  /** A postpaid client's credit line (0: none). */
  creditLimit: { minKobo: 0, maxKobo: naira(1_000_000_000) },
  /** A VTU line's float funding by an admin. */
  vtuFunding: { minKobo: naira(1), maxKobo: naira(1_000_000_000) },
  /** Auto top-up's daily and monthly caps. */
  autoTopupCap: { minKobo: naira(1), maxKobo: naira(1_000_000_000) },
  /** Test money added to a sandbox wallet. */
  sandboxTopUp: { minKobo: naira(1), maxKobo: naira(1_000_000) },
  /** A service's bounds, a plan's price or a provider's price: ₦1 to ₦1,000,000. */
  catalogue: { minKobo: naira(1), maxKobo: naira(1_000_000) },
  /** The platform settings' card fee: its flat part, the amount it starts from, its cap. */
  cardFeeFlat: { minKobo: 0, maxKobo: naira(100_000) },
  cardFeeFlatFrom: { minKobo: 0, maxKobo: naira(1_000_000_000) },
  cardFeeCap: { minKobo: 0, maxKobo: naira(1_000_000) },
  /** A low-balance or low-float alert threshold (0: off). */
  alertThreshold: { minKobo: 0, maxKobo: naira(1_000_000_000) },
  /** The platform's largest single vend. */
  maxVendAmount: { minKobo: naira(1), maxKobo: naira(1_000_000) },
  /** A provider's price for a plan, as the provider quotes it (kobo precision). */
  providerPrice: { minKobo: 1, maxKobo: naira(1_000_000) },
} as const satisfies Record<string, AmountLimits>;

export type AmountField = keyof typeof AMOUNT_LIMITS;
