// How the catalogue reads on screen: networks, service types, platforms, commission rates and the
// active/inactive status shared by services, data plans and VTU lines.
import {
  bpsToPercentString,
  NETWORKS,
  type Network,
  PLATFORMS,
  platformLabel,
  SERVICE_TYPES,
} from '@vendport/shared';

const NETWORK_LABELS: Record<Network, string> = {
  MTN: 'MTN',
  AIRTEL: 'Airtel',
  GLO: 'Glo',
  '9MOBILE': '9mobile',
};
export const networkLabel = (n: string) => NETWORK_LABELS[n as Network] ?? n;
export const NETWORK_OPTIONS = NETWORKS.map((n) => ({ value: n, label: NETWORK_LABELS[n] }));

const SERVICE_TYPE_LABELS: Record<string, string> = { AIRTIME: 'Airtime', DATA: 'Data' };
export const serviceTypeLabel = (t: string) => SERVICE_TYPE_LABELS[t] ?? t;
export const SERVICE_TYPE_OPTIONS = SERVICE_TYPES.map((t) => ({ value: t, label: SERVICE_TYPE_LABELS[t]! }));

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
const CHANNEL_LABELS: Record<string, string> = {
  PORTAL: 'Portal',
  API: 'API',
  BULK: 'Bulk upload',
  AUTO_TOPUP: 'Auto top-up',
};
export const channelLabel = (c: string) => CHANNEL_LABELS[c] ?? c;
