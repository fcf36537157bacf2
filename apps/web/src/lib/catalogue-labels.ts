// How the catalogue reads on screen: networks, service types, platforms, commission rates and the
// active/inactive status shared by services, data plans and VTU lines.
// The words themselves live in shared (screen-words.ts), where the CSV exports read them too.
import {
  billerOf,
  bpsToPercentString,
  channelWords,
  NETWORKS,
  networkWords,
  PLATFORMS,
  platformLabel,
  SERVICE_TYPES,
  serviceTypeWords,
  VEND_KINDS,
} from '@vendport/shared';

export const networkLabel = networkWords;
export const NETWORK_OPTIONS = NETWORKS.map((n) => ({ value: n, label: networkWords(n) }));

export const serviceTypeLabel = serviceTypeWords;
export const SERVICE_TYPE_OPTIONS = SERVICE_TYPES.map((t) => ({ value: t, label: serviceTypeWords(t) }));

export { platformLabel };

export const PLATFORM_OPTIONS = PLATFORMS.map((p) => ({ value: p, label: platformLabel(p) }));

export const CATALOGUE_STATUS_OPTIONS = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'INACTIVE', label: 'Inactive' },
];

/** 250 basis points -> "2.50%". */
export const formatRate = (bps: number) => `${bpsToPercentString(bps)}%`;

/** "MTN Airtime via Aggregator API": a service named the way people say it. */
export const serviceName = (s: { network: string; service: string; platform: string }) =>
  `${networkLabel(s.network)} ${serviceTypeLabel(s.service)} via ${platformLabel(s.platform)}`;

/** Where a vend came from (vend details, dashboards). */
export const channelLabel = channelWords;

/** Airtime, Data, Electricity, TV: every kind a vend can be (bills are vends of their kind). */
export const vendKindLabel = (t: string) =>
  t === 'ELECTRICITY' ? 'Electricity' : t === 'TV' ? 'TV' : serviceTypeWords(t);
export const VEND_KIND_OPTIONS = VEND_KINDS.map((t) => ({ value: t, label: vendKindLabel(t) }));
export const isBillKindValue = (t: string) => t === 'ELECTRICITY' || t === 'TV';

/** A biller's name from its code (IKEDC -> Ikeja Electric); the code when unknown. */
export const billerName = (code: string) => billerOf(code)?.name ?? code;

/** The network, or a bill's biller, of a vend's row. */
export const recipientNetworkLabel = (r: { type: string; network: string }) =>
  isBillKindValue(r.type) ? billerName(r.network) : networkWords(r.network);

/** What a vend's number and its network are called: one word each. */
export interface RecipientWords {
  number: string;
  network: string;
}

const PHONE_WORDS: RecipientWords = { number: 'Phone', network: 'Network' };

/**
 * What a vend's number and network are called (issue 51), the one place every screen asks: a
 * phone on a network for airtime and data; a bill's meter, smartcard or IUC number (its biller's
 * word) at its biller.
 */
export function recipientWords(r: { type: string; network: string }): RecipientWords {
  if (!isBillKindValue(r.type)) return PHONE_WORDS;
  return { number: billerOf(r.network)?.customerNumberLabel ?? 'Customer number', network: 'Biller' };
}

/**
 * The same words for a column over several vends: the rows' own word when they all agree (a
 * page of airtime says Phone, a page of meters Meter number), both kinds named when they do not.
 */
export function recipientHeaders(rows: ReadonlyArray<{ type: string; network: string }>): RecipientWords {
  const words = rows.map(recipientWords);
  const one = (k: keyof RecipientWords, mixed: string) => {
    const seen = [...new Set(words.map((w) => w[k]))];
    return seen.length === 0 ? PHONE_WORDS[k] : seen.length === 1 ? seen[0]! : mixed;
  };
  const anyPhone = words.some((w) => w === PHONE_WORDS);
  return {
    number: one('number', anyPhone ? 'Phone or customer number' : 'Customer number'),
    network: one('network', 'Network or biller'),
  };
}
