// The rules the vend forms check before anything is sent, the same ones the server applies
// (place-vend.service resolveVend): the service must be assigned to the account and active, the
// amount within its bounds, a data plan must exist for the network. And what a vend will cost:
// the amount, less the commission when it is taken upfront; test vends earn no commission.
import {
  commissionOf,
  type DataPlanView,
  type Network,
  type ServiceType,
  type ServiceView,
  type VendBounds,
  vendBounds,
  vendBoundsMessage,
  withinVendBounds,
} from '@vendport/shared';
import type { WalletQuote } from '@/components/quote-summary';

/** A purchase that passed every check, ready to confirm. */
export type VendDraft = {
  phone: string;
  network: Network;
  type: ServiceType;
  amountKobo: number;
  plan: DataPlanView | null;
  service: ServiceView;
};

export type VendCatalogue = {
  services: readonly ServiceView[];
  plans: readonly DataPlanView[];
  /** The platform's largest single vend; null when unknown (the service's bounds alone). */
  platformMaxKobo?: number | null;
};

/** The amounts a vend through the service may take: the service's and the platform's limits. */
export const boundsOf = (catalogue: VendCatalogue, service: ServiceView): VendBounds =>
  vendBounds(service, catalogue.platformMaxKobo);

/** The service a vend goes through: the oldest active one assigned for the product line. */
export function serviceFor(
  services: readonly ServiceView[],
  network: Network,
  type: ServiceType,
): ServiceView | undefined {
  return services
    .filter((s) => s.network === network && s.service === type && s.status === 'ACTIVE')
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id))[0];
}

export const plansFor = (plans: readonly DataPlanView[], network: Network) =>
  plans.filter((p) => p.network === network && p.status === 'ACTIVE');

export const findPlan = (plans: readonly DataPlanView[], code: string) =>
  plans.find((p) => p.code.toUpperCase() === code.toUpperCase() && p.status === 'ACTIVE');

/** The server's words for a product line the account does not have. */
export const unavailableMessage = (network: Network, type: ServiceType) =>
  `${network} ${type.toLowerCase()} is not available on your account`;

export const boundsMessage = (bounds: VendBounds, service: ServiceView) =>
  vendBoundsMessage(bounds, service.network, service.service);

export type VendCheck =
  | { ok: true; service: ServiceView; plan: DataPlanView | null; amountKobo: number }
  | { ok: false; field: 'network' | 'amount' | 'planCode'; message: string };

/** Service, plan and bounds of one vend whose fields are already well-formed. */
export function checkVend(
  catalogue: VendCatalogue,
  v: { network: Network; type: ServiceType; amountKobo?: number; planCode?: string },
): VendCheck {
  const service = serviceFor(catalogue.services, v.network, v.type);
  if (!service) return { ok: false, field: 'network', message: unavailableMessage(v.network, v.type) };
  let plan: DataPlanView | null = null;
  let amountKobo: number;
  if (v.type === 'DATA') {
    const found = v.planCode ? findPlan(catalogue.plans, v.planCode) : undefined;
    if (!found)
      return { ok: false, field: 'planCode', message: `Unknown data plan ${v.planCode ?? ''}`.trim() };
    if (found.network !== v.network)
      return {
        ok: false,
        field: 'planCode',
        message: `The plan ${found.code} is for ${found.network}, not ${v.network}`,
      };
    plan = found;
    amountKobo = found.priceKobo;
  } else {
    if (v.amountKobo === undefined)
      return { ok: false, field: 'amount', message: 'Amount is required for airtime' };
    amountKobo = v.amountKobo;
  }
  const bounds = boundsOf(catalogue, service);
  if (!withinVendBounds(amountKobo, bounds))
    return {
      ok: false,
      field: v.type === 'DATA' ? 'planCode' : 'amount',
      message: boundsMessage(bounds, service),
    };
  return { ok: true, service, plan, amountKobo };
}

export type VendQuote = WalletQuote;

export function quoteVend(
  amountKobo: number,
  service: ServiceView,
  terms: { upfront: boolean | null; test: boolean },
): VendQuote {
  if (terms.test)
    return {
      amountKobo,
      commissionKobo: 0,
      commissionBps: 0,
      debitKobo: amountKobo,
      upfront: null,
      test: true,
    };
  const commissionKobo = commissionOf(amountKobo, service.commissionBps);
  const debitKobo =
    commissionKobo === 0 || terms.upfront === false
      ? amountKobo
      : terms.upfront === true
        ? amountKobo - commissionKobo
        : null;
  return {
    amountKobo,
    commissionKobo,
    commissionBps: service.commissionBps,
    debitKobo,
    upfront: terms.upfront,
    test: false,
  };
}
