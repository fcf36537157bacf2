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
  kind: 'airtime' | 'data' | 'electricity' | 'tv';
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

// Bills (issue 51): one integration page per DisCo and per TV service, e.g.
// https://www.vtpass.com/documentation/ikedc-ikeja-electricity-distribution-company-payment-api/ (serviceID
// ikeja-electric), https://www.vtpass.com/documentation/dstv-subscription-api/ (dstv),
// https://www.vtpass.com/documentation/startimes-subscription-api/ (startimes) and
// https://www.vtpass.com/documentation/showmax-subscription-api/ (showmax). The product names follow the
// "Ikeja Electric Payment - IKEDC" pattern public clients print; the pages' examples were not all stored.
const DISCOS: Array<[string, string]> = [
  ['ikeja-electric', 'Ikeja Electric Payment - IKEDC'],
  ['eko-electric', 'Eko Electric Payment - EKEDC'],
  ['abuja-electric', 'Abuja Electricity Distribution Company- AEDC'],
  ['kano-electric', 'KEDCO - Kano Electric'],
  ['portharcourt-electric', 'PHED - Port Harcourt Electric'],
  ['jos-electric', 'Jos Electric - JED'],
  ['kaduna-electric', 'Kaduna Electric - KAEDCO'],
  ['enugu-electric', 'Enugu Electric - EEDC'],
  ['ibadan-electric', 'IBEDC - Ibadan Electricity Distribution Company'],
  ['benin-electric', 'Benin Electricity - BEDC'],
  ['aba-electric', 'Aba Electric Payment - ABEDC'],
  ['yola-electric', 'Yola Electric Disco Payment - YEDC'],
];
for (const [serviceID, name] of DISCOS)
  PRODUCTS[serviceID] = { serviceID, kind: 'electricity', productName: name, serviceName: name };
for (const [serviceID, name] of [
  ['dstv', 'DSTV Subscription'],
  ['gotv', 'Gotv Payment'],
  ['startimes', 'Startimes Subscription'],
  ['showmax', 'ShowMax'],
] as const)
  PRODUCTS[serviceID] = { serviceID, kind: 'tv', productName: name, serviceName: name };

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
  // https://www.vtpass.com/documentation/dstv-subscription-api/ (the updated list's first entries)
  dstv: [
    plan('dstv-padi', 'DStv Padi N1,850', 1850),
    plan('dstv-yanga', 'DStv Yanga N2,565', 2565),
    plan('dstv-confam', 'Dstv Confam N4,615', 4615),
    plan('dstv79', 'DStv Compact N7900', 7900),
  ],
  // https://www.vtpass.com/documentation/variation-codes/ (the GOtv example)
  gotv: [plan('gotv-lite', 'GOtv Lite N400', 400), plan('gotv-value', 'GOtv value N1250', 1250)],
  // https://www.vtpass.com/documentation/startimes-subscription-api/
  startimes: [
    plan('nova', 'Nova - 900 Naira - 1 Month', 900),
    plan('basic', 'Basic - 1,300 Naira - 1 Month', 1300),
  ],
  // https://www.vtpass.com/documentation/showmax-subscription-api/
  showmax: [plan('full', 'Full', 2900), plan('mobile_only', 'Mobile Only', 1450)],
};

/**
 * The bills' sandbox numbers. VTpass's: prepaid meter 1111111111111 and postpaid 1010101010101 (each DisCo's
 * page: "To simulate a failed meter number validation, please use any number apart from the one provided
 * above"), smartcard 1212121212 (DStv, GOtv, StarTimes pages) and Showmax's phone 08011111111. VendPort's
 * additions (not VTpass's), so every lifecycle path can be driven: a prepaid payment left pending, one
 * delivered whose token comes only on requery, one that fails, one answered with a body that cannot be
 * read; a smartcard left pending and one that fails. All verify as their meter type or smartcard.
 */
export const BILL_NUMBERS = {
  prepaid: '1111111111111',
  postpaid: '1010101010101',
  prepaidPending: '1111111111112',
  prepaidTokenOnRequery: '1111111111113',
  prepaidFails: '1111111111114',
  prepaidUnexpected: '1111111111115',
  smartcard: '1212121212',
  smartcardPending: '1212121213',
  smartcardFails: '1212121214',
  showmaxPhone: '08011111111',
} as const;

const PREPAID = new Set<string>([
  BILL_NUMBERS.prepaid,
  BILL_NUMBERS.prepaidPending,
  BILL_NUMBERS.prepaidTokenOnRequery,
  BILL_NUMBERS.prepaidFails,
  BILL_NUMBERS.prepaidUnexpected,
]);
const SMARTCARDS = new Set<string>([
  BILL_NUMBERS.smartcard,
  BILL_NUMBERS.smartcardPending,
  BILL_NUMBERS.smartcardFails,
]);

/** Whether merchant-verify knows the number (for electricity: with its meter type). */
export function billVerifies(kind: 'electricity' | 'tv', number: string, type: string): boolean {
  if (kind === 'tv') return SMARTCARDS.has(number);
  if (type === 'prepaid') return PREPAID.has(number);
  return type === 'postpaid' && number === BILL_NUMBERS.postpaid;
}

export type BillScenario = 'delivered' | 'pending' | 'tokenOnRequery' | 'failed' | 'unexpected';

export function billScenarioFor(number: string, serviceID: string): BillScenario {
  switch (number) {
    case BILL_NUMBERS.prepaid:
    case BILL_NUMBERS.postpaid:
    case BILL_NUMBERS.smartcard:
      return 'delivered';
    case BILL_NUMBERS.prepaidPending:
    case BILL_NUMBERS.smartcardPending:
      return 'pending';
    case BILL_NUMBERS.prepaidTokenOnRequery:
      return 'tokenOnRequery';
    case BILL_NUMBERS.prepaidUnexpected:
      return 'unexpected';
    case BILL_NUMBERS.showmaxPhone:
      return serviceID === 'showmax' ? 'delivered' : 'failed';
    default:
      return 'failed';
  }
}

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
