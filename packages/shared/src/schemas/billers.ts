// The billers VTpass documents and the bills' sandbox numbers (issue 51), apart from the schemas.
import { BILL_KINDS, type BillKind } from './catalogue';

export interface BillerInfo {
  code: string;
  kind: BillKind;
  name: string;
  /** VTpass's serviceID (each DisCo's and TV service's integration page). */
  vtpassServiceId: string;
  /** What the customer number is called on screen. */
  customerNumberLabel: string;
  /** False: VTpass documents no merchant-verify for it (Showmax): the number is only checked here. */
  providerVerifies: boolean;
}

/**
 * The billers VTpass documents (https://www.vtpass.com/documentation/ : one integration page per
 * DisCo and per TV service). Electricity billers take prepaid and postpaid meters alike.
 */
export const BILLERS: readonly BillerInfo[] = [
  ['IKEDC', 'Ikeja Electric', 'ikeja-electric'],
  ['EKEDC', 'Eko Electric', 'eko-electric'],
  ['AEDC', 'Abuja Electric', 'abuja-electric'],
  ['KEDCO', 'Kano Electric', 'kano-electric'],
  ['PHED', 'Port Harcourt Electric', 'portharcourt-electric'],
  ['JED', 'Jos Electric', 'jos-electric'],
  ['KAEDCO', 'Kaduna Electric', 'kaduna-electric'],
  ['EEDC', 'Enugu Electric', 'enugu-electric'],
  ['IBEDC', 'Ibadan Electric', 'ibadan-electric'],
  ['BEDC', 'Benin Electric', 'benin-electric'],
  ['ABA', 'Aba Power', 'aba-electric'],
  ['YEDC', 'Yola Electric', 'yola-electric'],
]
  .map(
    ([code, name, id]): BillerInfo => ({
      code: code as string,
      kind: 'ELECTRICITY',
      name: name as string,
      vtpassServiceId: id as string,
      customerNumberLabel: 'Meter number',
      providerVerifies: true,
    }),
  )
  .concat([
    {
      code: 'DSTV',
      kind: 'TV',
      name: 'DStv',
      vtpassServiceId: 'dstv',
      customerNumberLabel: 'Smartcard number',
      providerVerifies: true,
    },
    {
      code: 'GOTV',
      kind: 'TV',
      name: 'GOtv',
      vtpassServiceId: 'gotv',
      customerNumberLabel: 'IUC number',
      providerVerifies: true,
    },
    {
      code: 'STARTIMES',
      kind: 'TV',
      name: 'StarTimes',
      vtpassServiceId: 'startimes',
      customerNumberLabel: 'Smartcard number',
      providerVerifies: true,
    },
    {
      code: 'SHOWMAX',
      kind: 'TV',
      name: 'Showmax',
      vtpassServiceId: 'showmax',
      customerNumberLabel: 'Phone number',
      providerVerifies: false,
    },
  ]);

export const BILLER_CODES = BILLERS.map((b) => b.code) as [string, ...string[]];

export const billerOf = (code: string): BillerInfo | undefined =>
  BILLERS.find((b) => b.code === code.toUpperCase());

export const isBillKind = (t: string): t is BillKind => (BILL_KINDS as readonly string[]).includes(t);

/**
 * The bills' sandbox numbers, answered alike by the built-in simulator and the VTpass stand-in
 * (`npm run mock:vtpass`). VTpass's own: the two meters, the smartcard and Showmax's phone; the rest
 * are VendPort's, so every path of the lifecycle can be driven. Any other number fails verification.
 */
export const BILL_SANDBOX_NUMBERS = [
  {
    number: '1111111111111',
    kind: 'ELECTRICITY',
    meterType: 'PREPAID',
    pay: 'SUCCESSFUL',
    requery: 'SUCCESSFUL',
    note: 'Prepaid meter (VTpass sandbox): paid with a token',
  },
  {
    number: '1010101010101',
    kind: 'ELECTRICITY',
    meterType: 'POSTPAID',
    pay: 'SUCCESSFUL',
    requery: 'SUCCESSFUL',
    note: 'Postpaid meter (VTpass sandbox): paid with a receipt reference',
  },
  {
    number: '1111111111112',
    kind: 'ELECTRICITY',
    meterType: 'PREPAID',
    pay: 'PENDING',
    requery: 'SUCCESSFUL',
    note: 'Pending, then paid with its token on requery',
  },
  {
    number: '1111111111113',
    kind: 'ELECTRICITY',
    meterType: 'PREPAID',
    pay: 'PENDING',
    requery: 'SUCCESSFUL',
    note: 'Paid, but the token comes only on requery (kept PENDING until then)',
  },
  {
    number: '1111111111114',
    kind: 'ELECTRICITY',
    meterType: 'PREPAID',
    pay: 'FAILED',
    requery: 'FAILED',
    note: 'Fails: the debit is reversed at once',
  },
  {
    number: '1111111111115',
    kind: 'ELECTRICITY',
    meterType: 'PREPAID',
    pay: 'PENDING',
    requery: 'SUCCESSFUL',
    note: 'An answer that cannot be read: unknown, settled by requery',
  },
  {
    number: '1212121212',
    kind: 'TV',
    meterType: null,
    pay: 'SUCCESSFUL',
    requery: 'SUCCESSFUL',
    note: 'Smartcard (VTpass sandbox, DStv, GOtv, StarTimes): renew or change',
  },
  {
    number: '1212121213',
    kind: 'TV',
    meterType: null,
    pay: 'PENDING',
    requery: 'SUCCESSFUL',
    note: 'Smartcard: pending, then paid on requery',
  },
  {
    number: '1212121214',
    kind: 'TV',
    meterType: null,
    pay: 'FAILED',
    requery: 'FAILED',
    note: 'Smartcard: fails, refunded',
  },
  {
    number: '08011111111',
    kind: 'TV',
    meterType: null,
    pay: 'SUCCESSFUL',
    requery: 'SUCCESSFUL',
    note: 'Showmax phone (VTpass sandbox)',
  },
] as const;
