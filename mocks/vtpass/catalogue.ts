// The products the VTpass stand-in sells: the airtime and data serviceIDs VendPort uses, and the data
// plans (variation codes) VTpass's documentation lists for them. Plans are the first entries of each
// documented list, enough to exercise a vend; callers may pass their own through the mock's options.

export interface Variation {
  variation_code: string;
  name: string;
  variation_amount: string;
  fixedPrice: 'Yes' | 'No';
}

export interface Product {
  serviceID: string;
  kind: 'airtime' | 'data';
  /** content.transactions.product_name in pay/requery answers. */
  productName: string;
  /** content.ServiceName in the service-variations answer. */
  serviceName: string;
}

// Airtime product names: "MTN Airtime VTU" is the requery example on
// https://www.vtpass.com/documentation/mtn-airtime-vtu-api/ and "Airtel Airtime" the callback example on
// https://www.vtpass.com/documentation/transaction-update-webhook-api/. The GLO and 9mobile airtime names and
// "Airtel Data" were not found in the documentation; they follow the same pattern.
export const PRODUCTS: Record<string, Product> = {
  mtn: { serviceID: 'mtn', kind: 'airtime', productName: 'MTN Airtime VTU', serviceName: 'MTN Airtime VTU' },
  airtel: {
    serviceID: 'airtel',
    kind: 'airtime',
    productName: 'Airtel Airtime',
    serviceName: 'Airtel Airtime',
  },
  glo: { serviceID: 'glo', kind: 'airtime', productName: 'GLO Airtime', serviceName: 'GLO Airtime' },
  etisalat: {
    serviceID: 'etisalat',
    kind: 'airtime',
    productName: '9mobile Airtime',
    serviceName: '9mobile Airtime',
  },
  'mtn-data': { serviceID: 'mtn-data', kind: 'data', productName: 'MTN Data', serviceName: 'MTN Data' },
  'airtel-data': {
    serviceID: 'airtel-data',
    kind: 'data',
    productName: 'Airtel Data',
    serviceName: 'Airtel Data',
  },
  'glo-data': { serviceID: 'glo-data', kind: 'data', productName: 'GLO Data', serviceName: 'GLO Data' },
  'etisalat-data': {
    serviceID: 'etisalat-data',
    kind: 'data',
    productName: '9mobile Data',
    serviceName: '9mobile Data',
  },
};

const plan = (variation_code: string, name: string, amount: number): Variation => ({
  variation_code,
  name,
  variation_amount: amount.toFixed(2),
  fixedPrice: 'Yes',
});

export const DEFAULT_VARIATIONS: Record<string, Variation[]> = {
  // https://www.vtpass.com/documentation/mtn-data/
  'mtn-data': [
    plan('mtn-10mb-100', 'N100 100MB - 24 hrs', 100),
    plan('mtn-50mb-200', 'N200 200MB - 2 days', 200),
    plan('mtn-100mb-1000', 'N1000 1.5GB - 30 days', 1000),
    plan('mtn-500mb-2000', 'N2000 4.5GB - 30 days', 2000),
  ],
  // https://www.vtpass.com/documentation/glo-data-api/
  'glo-data': [
    plan('glo100', 'Glo Data N100 - 105MB - 2 day', 100),
    plan('glo200', 'Glo Data N200 - 350MB - 4 days', 200),
    plan('glo500', 'Glo Data N500 - 1.05GB - 14 days', 500),
    plan('glo1000', 'Glo Data N1000 - 2.5GB - 30 days', 1000),
  ],
  // https://www.vtpass.com/documentation/9mobile-data-api/
  'etisalat-data': [
    plan('eti-100', '9mobile Data - 100 Naira - 100MB - 1 day', 100),
    plan('eti-200', '9mobile Data - 200 Naira - 650MB - 1 day', 200),
    plan('eti-500', '9mobile Data - 500 Naira - 500MB - 30 Days', 500),
    plan('eti-1000', '9mobile Data - 1000 Naira - 1.5GB - 30 days', 1000),
  ],
  // The Airtel data page was not found in the stored documentation, so no plan is invented: the list is
  // empty (every airtel-data vend answers 010) unless the caller passes plans in opts.variations.
  'airtel-data': [],
};

/**
 * What each sandbox number does, per the table on https://www.vtpass.com/documentation/mtn-airtime-vtu-api/.
 * Any other number fails. For data the documentation only names 08011111111 (success) and "any other
 * number" (failure); the stand-in applies the whole table to data too, so one adapter test suite covers both.
 */
export const SANDBOX_NUMBERS = {
  delivered: '08011111111',
  pending: '201000000000',
  unexpected: '500000000000',
  noResponse: '400000000000',
  timeout: '300000000000',
} as const;

export type Scenario = keyof typeof SANDBOX_NUMBERS | 'failed';

/**
 * Not VTpass's: Nigerian numbers standing for the sandbox numbers that are not phone numbers, so a
 * VendPort server (whose validation refuses 201000000000) can be driven through every scenario.
 * `08011111111` (delivered) is a phone number already and needs none.
 */
export const VENDPORT_ALIASES: Readonly<Record<string, Scenario>> = {
  '08011111112': 'pending',
  '08011111113': 'unexpected',
  '08011111114': 'noResponse',
  '08011111115': 'timeout',
};

export function scenarioFor(recipient: string): Scenario {
  for (const [scenario, number] of Object.entries(SANDBOX_NUMBERS)) {
    if (number === recipient) return scenario as Scenario;
  }
  return VENDPORT_ALIASES[recipient] ?? 'failed';
}
