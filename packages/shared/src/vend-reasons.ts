// What a client is told about a vend's outcome: a fixed set of words (issue 53 point 4). The
// upstream that answered and its codes are the reseller's business; its clients, in the portal and
// through the public API, read only these. Admins keep the provider's own answer.

/** Why a vend failed, as far as the client can act on it. */
export const CLIENT_FAILURE_CAUSES = [
  'RECIPIENT',
  'RECENTLY_RECHARGED',
  'NETWORK',
  'PLAN_UNAVAILABLE',
] as const;
export type ClientFailureCause = (typeof CLIENT_FAILURE_CAUSES)[number];

export const CLIENT_VEND_REASONS = {
  DELIVERED: 'Delivered',
  PENDING: 'Waiting for the network to confirm',
  RECIPIENT: 'The number cannot receive this',
  RECENTLY_RECHARGED: 'The number was recharged moments ago; try again in a few minutes',
  NETWORK: 'The network is not responding',
  PLAN_UNAVAILABLE: 'This plan is not available',
  REFUNDED: 'Refunded',
} as const satisfies Record<ClientFailureCause | 'DELIVERED' | 'PENDING' | 'REFUNDED', string>;

/** Every sentence a client may read about a vend's outcome (the client serializer's test checks against it). */
export const CLIENT_VEND_REASON_WORDS: readonly string[] = Object.values(CLIENT_VEND_REASONS);
