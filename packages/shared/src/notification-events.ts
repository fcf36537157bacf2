// The events that reach people (DESIGN §2 Notifications) and who may receive each: a user's
// notification set-up says, per event of their area, whether it arrives in-app and by email.
import type { Area } from './permissions';

export const NOTIFICATION_EVENTS = {
  'funding.decided': {
    areas: ['CORPORATE'],
    label: 'Fund request decided',
    description: 'A fund request or repayment was approved or declined.',
    defaults: { inApp: true, email: true },
  },
  'verification.decided': {
    areas: ['CORPORATE'],
    label: 'Verification decided',
    description: 'Your business verification was approved or declined.',
    defaults: { inApp: true, email: true },
  },
  'balance.low': {
    areas: ['CORPORATE', 'ADMIN'],
    label: 'Low balance',
    description: 'The wallet (or, for admins, a VTU line’s float) fell below its low-balance threshold.',
    defaults: { inApp: true, email: true },
  },
  'vend.failures': {
    areas: ['CORPORATE'],
    label: 'Vend failures',
    description: 'Vends failed more often than the failure threshold.',
    defaults: { inApp: true, email: false },
  },
  'vend.reversed': {
    areas: ['CORPORATE'],
    label: 'Vend reversed by the provider',
    description: 'A provider reversed a vend after delivering it; the wallet was credited back.',
    defaults: { inApp: true, email: true },
  },
  'vend.discrepancy': {
    areas: ['ADMIN'],
    label: 'Provider discrepancy',
    description:
      'A provider’s word contradicts a final vend (delivered after we refunded it, refunded after we settled it), or a reconciliation found a mismatch.',
    defaults: { inApp: true, email: true },
  },
  'vend.charged_again': {
    areas: ['CORPORATE'],
    label: 'Vend charged again',
    description: 'A vend refunded to your wallet was delivered by the provider after all, and charged again.',
    defaults: { inApp: true, email: true },
  },
  'funding.reversed': {
    areas: ['CORPORATE', 'ADMIN'],
    label: 'Card payment reversed',
    description:
      'A card payment credited to a wallet was reversed by the gateway (refund or chargeback), and when what it left owing is settled.',
    defaults: { inApp: true, email: true },
  },
  'autotopup.result': {
    areas: ['CORPORATE'],
    label: 'Auto top-up results',
    description: 'A summary of each auto top-up run and every failed top-up.',
    defaults: { inApp: true, email: false },
  },
  'funding.requested': {
    areas: ['ADMIN'],
    label: 'New fund request',
    description: 'A client asked for its wallet to be funded or repaid by transfer.',
    defaults: { inApp: true, email: false },
  },
  'provider.health': {
    areas: ['ADMIN'],
    label: 'Provider health',
    description:
      'An upstream provider was taken out of the route (its circuit breaker opened), probed, or put back; or an admin forced it.',
    defaults: { inApp: true, email: true },
  },
  'plan.unavailable': {
    areas: ['ADMIN'],
    label: 'Data plan without a provider',
    description: 'A client tried to buy a data plan that no provider on its route has a code for.',
    defaults: { inApp: true, email: true },
  },
  'verification.requested': {
    areas: ['ADMIN'],
    label: 'New verification request',
    description: 'A client asked for its business to be verified.',
    defaults: { inApp: true, email: false },
  },
} as const satisfies Record<
  string,
  {
    areas: readonly Area[];
    label: string;
    description: string;
    defaults: { inApp: boolean; email: boolean };
  }
>;

export type NotificationEvent = keyof typeof NOTIFICATION_EVENTS;
export const NOTIFICATION_EVENT_KEYS = Object.keys(NOTIFICATION_EVENTS) as NotificationEvent[];

export interface ChannelChoice {
  inApp: boolean;
  email: boolean;
}

/** The events a user of `area` can receive, in catalogue order. */
export const notificationEventsOf = (area: Area): NotificationEvent[] =>
  NOTIFICATION_EVENT_KEYS.filter((k) => (NOTIFICATION_EVENTS[k].areas as readonly Area[]).includes(area));

/** What reaches a user for `event`: their saved choice, else the event's default. */
export function channelsFor(
  saved: Partial<Record<string, Partial<ChannelChoice>>> | null | undefined,
  event: NotificationEvent,
): ChannelChoice {
  const d = NOTIFICATION_EVENTS[event].defaults;
  const s = saved?.[event];
  return { inApp: s?.inApp ?? d.inApp, email: s?.email ?? d.email };
}
