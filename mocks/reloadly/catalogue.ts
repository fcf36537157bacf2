// What the Reloadly stand-in knows: the Nigerian operators auto-detect answers with, the number prefixes
// that select them, and the scenario numbers whose top-ups behave in a chosen way (README.md, "Numbers").
//
// Operator 341 "MTN Nigeria" is the id and name Reloadly's own examples use
// (https://raphaelugwu.gitbook.io/airtime/transactions/get-transaction and
// https://reloadly.com/blog/how-to-fetch-transaction-data-for-all-the-top-ups-made-on-your-account).
// The other three ids are this stand-in's own: the stored pages show no Airtel, Glo or 9mobile ids.

export interface Operator {
  operatorId: number;
  name: string;
  /** Four-digit national prefixes (0803…) served by this operator. */
  prefixes: readonly string[];
}

export const OPERATORS: readonly Operator[] = [
  {
    operatorId: 341,
    name: 'MTN Nigeria',
    prefixes: [
      '0703',
      '0706',
      '0803',
      '0806',
      '0810',
      '0813',
      '0814',
      '0816',
      '0903',
      '0906',
      '0913',
      '0916',
    ],
  },
  {
    operatorId: 342,
    name: 'Airtel Nigeria',
    prefixes: ['0701', '0708', '0802', '0808', '0812', '0901', '0902', '0904', '0907', '0912'],
  },
  {
    operatorId: 344,
    name: 'Glo Nigeria',
    prefixes: ['0705', '0805', '0807', '0811', '0815', '0905', '0915'],
  },
  { operatorId: 340, name: '9mobile Nigeria', prefixes: ['0809', '0817', '0818', '0908', '0909'] },
];

/**
 * A Nigerian mobile number in national form (08031234567), from 08031234567, 8031234567, 2348031234567
 * or +2348031234567; null when it is not 11 digits starting with 0 after that.
 */
export function nationalNumber(phone: string): string | null {
  let digits = phone.replace(/[\s-]/g, '').replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return null;
  if (digits.startsWith('234')) digits = `0${digits.slice(3)}`;
  else if (digits.length === 10 && !digits.startsWith('0')) digits = `0${digits}`;
  return /^0\d{10}$/.test(digits) ? digits : null;
}

/** The operator serving a number, by its prefix; undefined when the number or prefix is unknown. */
export function operatorOf(phone: string): Operator | undefined {
  const national = nationalNumber(phone);
  if (!national) return undefined;
  return OPERATORS.find((o) => o.prefixes.includes(national.slice(0, 4)));
}

export const operatorById = (id: number) => OPERATORS.find((o) => o.operatorId === id);

/** Numbers whose top-up behaves in a chosen way; every other number of a known prefix is SUCCESSFUL. */
export const SCENARIO_NUMBERS = {
  recentlyRecharged: '08030000001',
  insufficientBalance: '08030000002',
  processingThenSuccessful: '08030000003',
  processingThenFailed: '08030000004',
  processingThenRefunded: '08030000005',
  http500: '08030000006',
  noAnswer: '08030000007',
  timeout: '08030000008',
} as const;

export type Scenario = keyof typeof SCENARIO_NUMBERS | 'successful';

export function scenarioFor(phone: string): Scenario {
  const national = nationalNumber(phone);
  const hit = Object.entries(SCENARIO_NUMBERS).find(([, n]) => n === national);
  return hit ? (hit[0] as Scenario) : 'successful';
}
