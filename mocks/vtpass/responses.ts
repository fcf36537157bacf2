// The bodies the VTpass stand-in answers with, one builder per documented answer. Each cites the page
// whose example it follows; fields the pages do not show are left out rather than guessed.
import type { Product, Variation } from './catalogue.ts';

export type TxnStatus = 'delivered' | 'pending' | 'failed';

export interface Txn {
  requestId: string;
  product: Product;
  variationCode?: string;
  /** Naira, as sent (airtime) or the plan's price (data). */
  amount: number;
  commission: number;
  totalAmount: number;
  phone: string;
  /** The number served: `phone` for airtime, `billersCode` for data. */
  recipient: string;
  email?: string;
  status: TxnStatus;
  transactionId: string;
  createdAt: Date;
  requeries: number;
  /** Bills: prepaid|postpaid (electricity), the TV subscription_type, and a token held back until requery. */
  meterType?: string;
  subscriptionType?: string;
  tokenOnRequery?: boolean;
}

/** Nigeria keeps West Africa Time (UTC+1) all year, with no daylight saving, so a fixed offset is exact. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;

function lagosParts(at: Date) {
  const d = new Date(at.getTime() + LAGOS_OFFSET_MS);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    date: `${d.getUTCFullYear()}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}`,
    time: `${two(d.getUTCHours())}${two(d.getUTCMinutes())}`,
    iso: `${d.getUTCFullYear()}-${two(d.getUTCMonth() + 1)}-${two(d.getUTCDate())} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`,
  };
}

/** YYYYMMDDHHmm in Africa/Lagos: what a request_id must start with. */
export function lagosStamp(at: Date): string {
  const p = lagosParts(at);
  return `${p.date}${p.time}`;
}

/** The instant a request_id's first 12 characters name, or null when they are not a Lagos date-time. */
export function parseLagosStamp(stamp: string): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(stamp);
  if (!m) return null;
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi) - LAGOS_OFFSET_MS;
  const back = new Date(utc + LAGOS_OFFSET_MS);
  // Date.UTC rolls 20250231 over to March; a real date reads back the same.
  if (back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d || h > 23 || mi > 59) return null;
  return new Date(utc);
}

/** A coded answer with no transaction: the codes and meanings of https://www.vtpass.com/documentation/response-codes/ */
export function coded(code: CodedAnswer) {
  return { code, response_description: RESPONSE_DESCRIPTIONS[code] };
}

// Codes and meanings from https://www.vtpass.com/documentation/response-codes/ (085 and 087 sit past the
// part of that page the stored copy showed; their meanings are as public VTpass clients quote that table).
const RESPONSE_DESCRIPTIONS = {
  '010': 'VARIATION CODE DOES NOT EXIST',
  '011': 'INVALID ARGUMENTS',
  '012': 'PRODUCT DOES NOT EXIST',
  '014': 'REQUEST ID ALREADY EXIST',
  '015': 'INVALID REQUEST ID',
  '018': 'LOW WALLET BALANCE',
  '085': 'IMPROPER REQUEST ID',
  '087': 'INVALID CREDENTIALS',
} as const;
export type CodedAnswer = keyof typeof RESPONSE_DESCRIPTIONS;

/**
 * A pay or requery answer about one transaction. Shape: the pay and requery examples of
 * https://www.vtpass.com/documentation/mtn-airtime-vtu-api/ and the content.transactions fields of
 * https://www.vtpass.com/documentation/transaction-update-webhook-api/. Code 000 "TRANSACTION PROCESSED" means
 * "look at content.transactions.status" (response-codes page), so delivered and pending both answer 000; a
 * failed vend answers 016 "TRANSACTION FAILED". The pages show no response_description for a pending
 * transaction; the stand-in uses the 000 row's meaning.
 */
/** A prepaid token made from the request id: the same on the pay answer and on every requery. */
export function tokenOf(requestId: string): string {
  let h = 0;
  let out = '';
  for (let i = 0; out.length < 20; i++) {
    h = (h * 31 + requestId.charCodeAt(i % requestId.length) + i) % 1_000_003;
    out += String(h % 10);
  }
  return out;
}

/**
 * The token fields of a delivered electricity payment, at the top level beside `content` as public VTpass
 * clients read them (`purchased_code` "Token : …", `mainToken`, `mainTokenUnits`, `exchangeReference`):
 * https://www.vtpass.com/documentation/ikedc-ikeja-electricity-distribution-company-payment-api/ says a
 * prepaid payment generates a token to display; postpaid has none.
 */
function billFields(t: Txn, requery: boolean) {
  if (t.product.kind !== 'electricity' || t.status !== 'delivered') return {};
  if (t.meterType !== 'prepaid')
    return { exchangeReference: `EXR${t.transactionId}`, customerName: 'TESTMETER1 ONE' };
  if (t.tokenOnRequery && !requery) return { customerName: 'TESTMETER1 ONE' };
  const token = tokenOf(t.requestId);
  return {
    purchased_code: `Token : ${token}`,
    mainToken: token,
    mainTokenDescription: 'Normal Sale',
    mainTokenUnits: Number((t.amount / 68).toFixed(1)),
    exchangeReference: `EXR${t.transactionId}`,
    customerName: 'TESTMETER1 ONE',
    customerAddress: '12 Sandbox Street, Ikeja, Lagos',
  };
}

export function transactionAnswer(t: Txn, requery = false) {
  const description = {
    delivered: 'TRANSACTION SUCCESSFUL',
    pending: 'TRANSACTION PROCESSED',
    failed: 'TRANSACTION FAILED',
  }[t.status];
  return {
    code: t.status === 'failed' ? '016' : '000',
    content: {
      transactions: {
        status: t.status,
        product_name: t.product.productName,
        unique_element: t.recipient,
        unit_price: t.amount,
        quantity: 1,
        service_verification: null,
        channel: 'api',
        commission: t.commission,
        total_amount: t.totalAmount,
        discount: null,
        type: {
          airtime: 'Airtime Recharge',
          data: 'Data Services',
          electricity: 'Electricity Bill',
          tv: 'TV Subscription',
        }[t.product.kind],
        email: t.email ?? null,
        phone: t.phone,
        name: null,
        convinience_fee: 0,
        amount: t.amount,
        platform: 'api',
        method: 'wallet',
        transactionId: t.transactionId,
      },
    },
    response_description: description,
    requestId: t.requestId,
    amount: t.amount,
    transaction_date: transactionDate(t.createdAt),
    purchased_code: '',
    ...billFields(t, requery),
  };
}

/** The object form of https://www.vtpass.com/documentation/mtn-airtime-vtu-api/ (a PHP DateTime, Lagos time). */
export function transactionDate(at: Date) {
  return { date: `${lagosParts(at).iso}.000000`, timezone_type: 3, timezone: 'Africa/Lagos' };
}

/**
 * The callback body of https://www.vtpass.com/documentation/transaction-update-webhook-api/: type
 * "transaction-update" and data "very similar to the transaction requery response", with the page's
 * response_description for a delivered transaction.
 */
export function transactionUpdateCallback(t: Txn) {
  const data = transactionAnswer(t);
  return {
    type: 'transaction-update',
    data: {
      ...data,
      response_description: t.status === 'delivered' ? 'TRANSACTION DELIVERED' : data.response_description,
    },
  };
}

/** https://www.vtpass.com/documentation/variation-codes/ (and the per-network data pages). */
export function variationsAnswer(product: Product, variations: Variation[]) {
  return {
    response_description: '000',
    content: {
      ServiceName: product.serviceName,
      serviceID: product.serviceID,
      convinience_fee: '0 %',
      variations,
    },
  };
}

/**
 * GET /api/balance. No balance page was found in the stored documentation; this is the answer public VTpass
 * clients parse ({"code":1,"contents":{"balance":…}}), the balance in naira as a number.
 */
export function balanceAnswer(balance: number) {
  return { code: 1, contents: { balance } };
}
