// Bills (issue 51) at the providers: the request a bill vend sends (VendRequest.bill), the facts a
// delivered bill brings back (ProviderAnswer.bill: token, units, receipt), a customer number's
// verification, and the simulator's bills, deterministic by customer number like its airtime
// (the table is BILL_SANDBOX_NUMBERS in shared; the stand-in mocks/vtpass serves the same numbers).
import { createHash } from 'node:crypto';
import type { BillKind, MeterType, TvSubscriptionType } from '@vendport/shared';

export interface BillPayRequest {
  billerCode: string;
  kind: BillKind;
  /** VTpass's serviceID (ikeja-electric, dstv, ...). */
  serviceId: string;
  customerNumber: string;
  meterType: MeterType | null;
  subscriptionType: TvSubscriptionType | null;
  /** TV: the provider's code of the bouquet (CHANGE, Showmax); null on RENEW. */
  variationCode: string | null;
  /** The customer's phone, +234... */
  phone: string;
  email: string | null;
}

/** What a delivered bill brought back that the customer needs. */
export interface BillFacts {
  token: string | null;
  units: string | null;
  receiptReference: string | null;
  details: { label: string; value: string }[];
}

export interface BillVerifyRequest {
  billerCode: string;
  kind: BillKind;
  serviceId: string;
  customerNumber: string;
  meterType: MeterType | null;
  signal?: AbortSignal;
}

export interface VerifiedCustomer {
  customerName: string | null;
  address: string | null;
  currentBouquet: string | null;
  currentBouquetCode: string | null;
  renewalAmountKobo: number | null;
  dueDate: string | null;
  minimumAmountKobo: number | null;
}

/**
 * VERIFIED: the provider knows the number. REJECTED: it said the number is not one of the biller's
 * (a 422 naming both). UNAVAILABLE: no answer we can read (timeout, refusal of our account, a body
 * that does not parse): nothing can be said of the number, so the client may try again.
 */
export type BillVerifyAnswer =
  | ({ outcome: 'VERIFIED'; raw?: unknown } & VerifiedCustomer)
  | { outcome: 'REJECTED'; message: string; raw?: unknown }
  | { outcome: 'UNAVAILABLE'; message: string; raw?: unknown };

export interface BillVariation {
  code: string;
  name: string;
  priceKobo: number;
}

// ------------------------------------------------------------------ the simulator's bills

export const SIM_PREPAID = '1111111111111';
export const SIM_POSTPAID = '1010101010101';
export const SIM_PREPAID_PENDING = '1111111111112';
export const SIM_PREPAID_TOKEN_LATER = '1111111111113';
export const SIM_PREPAID_FAILS = '1111111111114';
export const SIM_PREPAID_UNKNOWN = '1111111111115';
export const SIM_SMARTCARD = '1212121212';
export const SIM_SMARTCARD_PENDING = '1212121213';
export const SIM_SMARTCARD_FAILS = '1212121214';
export const SIM_SHOWMAX_PHONE = '08011111111';

const PREPAID_NUMBERS = new Set([
  SIM_PREPAID,
  SIM_PREPAID_PENDING,
  SIM_PREPAID_TOKEN_LATER,
  SIM_PREPAID_FAILS,
  SIM_PREPAID_UNKNOWN,
]);
const SMARTCARDS = new Set([SIM_SMARTCARD, SIM_SMARTCARD_PENDING, SIM_SMARTCARD_FAILS]);

/** The simulator's bouquets (the stand-in's service-variations lists the same codes and prices). */
export const SIM_BOUQUETS: Record<string, BillVariation[]> = {
  DSTV: [
    { code: 'dstv-padi', name: 'DStv Padi', priceKobo: 185_000 },
    { code: 'dstv-yanga', name: 'DStv Yanga', priceKobo: 256_500 },
    { code: 'dstv-confam', name: 'DStv Confam', priceKobo: 461_500 },
    { code: 'dstv79', name: 'DStv Compact', priceKobo: 790_000 },
  ],
  GOTV: [
    { code: 'gotv-lite', name: 'GOtv Lite', priceKobo: 40_000 },
    { code: 'gotv-value', name: 'GOtv Value', priceKobo: 125_000 },
    { code: 'gotv-max', name: 'GOtv Max', priceKobo: 320_000 },
  ],
  STARTIMES: [
    { code: 'nova', name: 'Nova - 1 Month', priceKobo: 90_000 },
    { code: 'basic', name: 'Basic - 1 Month', priceKobo: 130_000 },
    { code: 'smart', name: 'Smart - 1 Month', priceKobo: 190_000 },
  ],
  SHOWMAX: [
    { code: 'full', name: 'Full', priceKobo: 290_000 },
    { code: 'mobile_only', name: 'Mobile Only', priceKobo: 145_000 },
  ],
};

/** The bouquet each sandbox smartcard holds now (verification's current bouquet). */
const CURRENT: Record<string, number> = { DSTV: 1, GOTV: 1, STARTIMES: 1, SHOWMAX: 0 };

export function simulatedVerification(req: BillVerifyRequest): BillVerifyAnswer {
  const n = req.customerNumber;
  if (req.kind === 'ELECTRICITY') {
    const ok =
      (req.meterType === 'PREPAID' && PREPAID_NUMBERS.has(n)) ||
      (req.meterType === 'POSTPAID' && n === SIM_POSTPAID);
    if (!ok) return { outcome: 'REJECTED', message: 'INVALID METER NUMBER' };
    return {
      outcome: 'VERIFIED',
      customerName: 'TESTMETER1 ONE',
      address: '12 Sandbox Street, Ikeja, Lagos',
      currentBouquet: null,
      currentBouquetCode: null,
      renewalAmountKobo: null,
      dueDate: null,
      minimumAmountKobo: 50_000,
    };
  }
  if (!SMARTCARDS.has(n)) return { outcome: 'REJECTED', message: 'INVALID SMARTCARD NUMBER' };
  const bouquet = SIM_BOUQUETS[req.billerCode]?.[CURRENT[req.billerCode] ?? 0];
  return {
    outcome: 'VERIFIED',
    customerName: 'SANDBOX VIEWER',
    address: null,
    currentBouquet: bouquet?.name ?? null,
    currentBouquetCode: bouquet?.code ?? null,
    renewalAmountKobo: bouquet?.priceKobo ?? null,
    dueDate: '2026-12-31',
    minimumAmountKobo: null,
  };
}

/** A 20-digit token made from the vend's code: the same on every call and every requery. */
export function simulatedToken(reference: string): string {
  const h = createHash('sha256').update(`token:${reference}`).digest();
  let s = '';
  for (let i = 0; s.length < 20; i++) s += String(h[i % h.length] % 10);
  return s;
}

const grouped = (t: string) => t.replace(/(\d{4})(?=\d)/g, '$1-');

export function simulatedFacts(req: BillPayRequest, reference: string, amountKobo: number): BillFacts {
  const receiptReference = `SIM-RCPT-${reference}`;
  if (req.kind === 'ELECTRICITY' && req.meterType === 'PREPAID') {
    const units = `${(amountKobo / 100 / 68).toFixed(1)} kWh`;
    return {
      token: grouped(simulatedToken(reference)),
      units,
      receiptReference,
      details: [{ label: 'Tariff', value: 'A-Non MD' }],
    };
  }
  if (req.kind === 'ELECTRICITY')
    return { token: null, units: null, receiptReference, details: [{ label: 'Account', value: 'Postpaid' }] };
  return { token: null, units: null, receiptReference, details: [] };
}

export type SimBillBehaviour = {
  vend: 'SUCCESS' | 'FAILED' | 'PENDING';
  query: 'SUCCESS' | 'FAILED' | 'PENDING';
  message: string;
};

/** What the simulator does with a bill, by customer number. */
export function simulatedBillBehaviour(req: BillPayRequest): SimBillBehaviour {
  switch (req.customerNumber) {
    case SIM_PREPAID_PENDING:
    case SIM_SMARTCARD_PENDING:
      return { vend: 'PENDING', query: 'SUCCESS', message: 'Queued at the biller' };
    case SIM_PREPAID_TOKEN_LATER:
      return { vend: 'PENDING', query: 'SUCCESS', message: 'Delivered without its token: requeried for it' };
    case SIM_PREPAID_FAILS:
    case SIM_SMARTCARD_FAILS:
      return { vend: 'FAILED', query: 'FAILED', message: 'The biller refused the payment' };
    case SIM_PREPAID_UNKNOWN:
      return { vend: 'PENDING', query: 'SUCCESS', message: 'An answer that could not be read: requeried' };
    default:
      return { vend: 'SUCCESS', query: 'SUCCESS', message: 'Paid' };
  }
}
