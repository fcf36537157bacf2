// The one place a vend's amount limits are put into words (issue 36 point 17). A vend's amount is
// bounded by its service (minimum and maximum, set per product line) and by the platform's largest
// single vend (platform settings); the tighter of the two wins. The vend form's hint, its check
// before sending and the server's refusal all quote these bounds, so they cannot disagree.
import { amountHint, formatNaira } from './money';

export type VendBounds = { minKobo: number; maxKobo: number };

/** The amounts a vend through this service may take, given the platform's largest single vend. */
export function vendBounds(
  service: { minAmountKobo: number; maxAmountKobo: number },
  platformMaxKobo: number | null | undefined,
): VendBounds {
  const maxKobo =
    platformMaxKobo == null ? service.maxAmountKobo : Math.min(service.maxAmountKobo, platformMaxKobo);
  return { minKobo: service.minAmountKobo, maxKobo };
}

/** "Between ₦50.00 and ₦50,000.00": the form's hint. */
export const vendBoundsHint = (b: VendBounds) => amountHint(b);

/** The refusal of an amount outside the bounds, the same words on the form and from the server. */
export const vendBoundsMessage = (b: VendBounds, network: string, serviceType: string) =>
  `Amount must be between ${formatNaira(b.minKobo)} and ${formatNaira(b.maxKobo)} for ${network} ${serviceType.toLowerCase()}`;

export const withinVendBounds = (amountKobo: number, b: VendBounds) =>
  amountKobo >= b.minKobo && amountKobo <= b.maxKobo;
