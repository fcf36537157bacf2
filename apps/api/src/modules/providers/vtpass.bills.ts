// VTpass's bills (issue 51): reading merchant-verify's answer and the token, units and receipt of a
// delivered electricity or TV payment. The purchase's status itself is read as any VTpass purchase
// is (vtpass.answers.ts: code 000 with content.transactions.status; anything unclear is unknown).
//
// Documentation followed (one integration page per DisCo and per TV service; the same shape on each):
//   https://www.vtpass.com/documentation/ikedc-ikeja-electricity-distribution-company-payment-api/
//     serviceID ikeja-electric; merchant-verify {billersCode, serviceID, type: prepaid|postpaid};
//     sandbox meters 1111111111111 (prepaid) and 1010101010101 (postpaid), any other fails to verify;
//     pay {request_id, serviceID, billersCode, variation_code: prepaid|postpaid, amount, phone};
//     "For Prepaid meters, a token is generated ... Please display token to customer".
//   https://www.vtpass.com/documentation/eedc-enugu-electric-api/, .../jos-electric/, .../ibadan-electric/,
//   https://www.vtpass.com/documentation/kaedco-kaduna-electricity-distribution-company-api/ (the same
//     flow; verify answers content.Customer_Name, content.Account_Number / Meter_Number, Address)
//   https://www.vtpass.com/documentation/dstv-subscription-api/ : variation codes, "Verify Smartcard
//     Number ... returns the customer name, current bouquet, subscription due date and the renewal
//     amount (which will be used for BOUQUET RENEWAL)", sandbox smartcard 1212121212, "New Product
//     Purchase (Using the variation code)" and "Renew Product (Using the amount gotten from the verify
//     smartcard number endpoint)": subscription_type change | renew.
//   https://www.vtpass.com/documentation/startimes-subscription-api/ (smartcard 1212121212) and
//   https://www.vtpass.com/documentation/showmax-subscription-api/ (no verify; billersCode is the
//     phone number, sandbox 08011111111).
// The delivered answer's token fields (`purchased_code` "Token : …", `mainToken`, `mainTokenUnits`,
// `units`/`Units`/`PurchasedUnits`, `token`/`Token`, `exchangeReference`, `customerName`) sit at the
// top level of the pay and requery answers, beside `content`; they differ by DisCo, so every documented
// spelling is read and none is required: a prepaid answer without any token is treated as unknown and
// requeried (the token "arrives on requery"), never as a failure.
import { z } from 'zod';
import type { BillFacts, BillVerifyAnswer } from './bills';
import type { UpstreamAnswer } from './upstream.answers';

const verifyBody = z.object({
  code: z.union([z.string(), z.number()]),
  response_description: z.string().optional(),
  content: z.record(z.string(), z.unknown()).optional(),
});

const text = (v: unknown): string | null => {
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string') return null;
  const t = v.trim();
  return t && !/^n\/?a$/i.test(t) ? t : null;
};

/** A naira figure ("1850.00", 1850, "₦1,850") in kobo; null when it is not one. */
export function nairaToKobo(v: unknown): number | null {
  const t = text(v)?.replace(/[₦,\s]/g, '');
  if (!t || !/^\d+(\.\d{1,2})?$/.test(t)) return null;
  const [whole, frac = ''] = t.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const pick = (o: Record<string, unknown>, ...keys: string[]) => {
  for (const k of keys) {
    const v = text(o[k]);
    if (v) return v;
  }
  return null;
};

/** merchant-verify's answer: the customer, a rejection of the number, or nothing we can say. */
export function vtpassVerifyAnswer(answer: UpstreamAnswer): BillVerifyAnswer {
  if ('noAnswer' in answer)
    return { outcome: 'UNAVAILABLE', message: `VTpass did not answer (${answer.reason})` };
  const raw = answer.body;
  if (answer.httpStatus < 200 || answer.httpStatus >= 300)
    return { outcome: 'UNAVAILABLE', message: `VTpass answered HTTP ${answer.httpStatus}`, raw };
  const parsed = verifyBody.safeParse(raw);
  if (!parsed.success) return { outcome: 'UNAVAILABLE', message: 'VTpass answer does not parse', raw };
  const code = String(parsed.data.code);
  const c = parsed.data.content ?? {};
  if (code !== '000')
    return {
      outcome: 'UNAVAILABLE',
      message: `VTpass ${code}${parsed.data.response_description ? ` ${parsed.data.response_description}` : ''}`,
      raw,
    };
  // The sandbox answers a number it does not know with 000 and content.error (WrongBillersCode).
  const error = pick(c, 'error', 'Error');
  if (error || c.WrongBillersCode === true)
    return { outcome: 'REJECTED', message: error ?? 'Wrong biller code', raw };
  const customerName = pick(c, 'Customer_Name', 'customerName', 'Name');
  if (!customerName) return { outcome: 'UNAVAILABLE', message: 'VTpass 000 without a customer name', raw };
  return {
    outcome: 'VERIFIED',
    customerName,
    address: pick(c, 'Address', 'Customer_Address', 'address'),
    currentBouquet: pick(c, 'Current_Bouquet'),
    currentBouquetCode: pick(c, 'Current_Bouquet_Code'),
    renewalAmountKobo: nairaToKobo(c.Renewal_Amount),
    dueDate: pick(c, 'Due_Date'),
    minimumAmountKobo: nairaToKobo(c.Min_Purchase_Amount ?? c.Minimum_Amount),
    raw,
  };
}

/** "Token : 1234 5678 ..." or a bare token -> its digits grouped by four; null when there is none. */
export function tokenOf(v: unknown): string | null {
  const t = text(v);
  if (!t) return null;
  const main = t.replace(/bonus\s*token.*$/i, '').replace(/^\s*token\s*:?\s*/i, '');
  const digits = main.replace(/[^\d]/g, '');
  return digits.length >= 12 ? digits.replace(/(\d{4})(?=\d)/g, '$1-') : null;
}

/** The token, units and receipt of a delivered bill (pay or requery answer). */
export function vtpassBillFacts(body: unknown): BillFacts {
  const o = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const token = tokenOf(o.mainToken) ?? tokenOf(o.token) ?? tokenOf(o.Token) ?? tokenOf(o.purchased_code);
  const rawUnits = pick(o, 'units', 'Units', 'mainTokenUnits', 'PurchasedUnits');
  const units = rawUnits ? (/kwh/i.test(rawUnits) ? rawUnits : `${rawUnits} kWh`) : null;
  const details: { label: string; value: string }[] = [];
  const add = (label: string, v: string | null) => {
    if (v) details.push({ label, value: v });
  };
  add('Bonus token', tokenOf(o.bonusToken));
  add('Tariff', pick(o, 'tariff', 'Tariff', 'tariffIndex'));
  add('Debt', pick(o, 'debtDescription', 'debtAmount'));
  add('Utility', pick(o, 'utilityName'));
  const content = (o.content ?? {}) as { transactions?: { transactionId?: unknown } };
  return {
    token,
    units,
    receiptReference:
      pick(o, 'exchangeReference', 'receiptNumber', 'ReceiptNumber') ??
      text(content.transactions?.transactionId),
    details,
  };
}

const TOKEN_KEYS = new Set(['mainToken', 'token', 'Token', 'purchased_code', 'bonusToken']);

/**
 * The exchange as kept on the attempt (admins read it) with every token masked to its last four
 * digits: a token is shown in full only to its own client.
 */
export function maskTokensIn(raw: unknown): unknown {
  if (Array.isArray(raw)) return raw.map(maskTokensIn);
  if (!raw || typeof raw !== 'object') return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (TOKEN_KEYS.has(k) && (typeof v === 'string' || typeof v === 'number')) {
      const digits = String(v).replace(/\D/g, '');
      out[k] = digits.length > 4 ? `****${digits.slice(-4)}` : v;
    } else out[k] = maskTokensIn(v);
  }
  return out;
}
