// Bulk vending files: the template, a parser (RFC 4180, as the server's), the check of every row
// before anything is charged (the server checks again, and refuses the whole file on one bad
// row), and the results as CSV.
import {
  BULK_COLUMNS,
  type BulkVendResult,
  koboToNairaString,
  type Network,
  parseCsv,
  portalVendBody,
  readBulkCsv,
  type ServiceType,
  suggestNetwork,
} from '@vendport/shared';
import { boundsMessage, boundsOf, checkVend, serviceFor, type VendCatalogue } from './vend-rules';

export { BULK_COLUMNS };

export const BULK_TEMPLATE_CSV = [
  BULK_COLUMNS.join(','),
  '08031234567,MTN,AIRTIME,500,,',
  '08051234567,GLO,DATA,,GLO-1GB-14D,',
  '07011234567,,AIRTIME,1000,,staff-airtime-0001',
].join('\r\n');

export { parseCsv };

export type BulkRow = {
  /** 1-based, counting vends (the header is not a row). */
  row: number;
  phone: string;
  msisdn: string | null;
  network: Network | null;
  type: ServiceType | null;
  amountKobo: number | null;
  planCode: string | null;
  planName: string | null;
  reference: string;
  errors: string[];
};

export type BulkCheck = {
  /** Problems with the file itself (columns, size): no row can be read. */
  fileErrors: string[];
  rows: BulkRow[];
  /** Face value of the valid rows. */
  totalKobo: number;
  invalidRows: number;
};

export function checkBulkCsv(text: string, catalogue: VendCatalogue, batchReference: string): BulkCheck {
  const empty = (fileErrors: string[]): BulkCheck => ({ fileErrors, rows: [], totalKobo: 0, invalidRows: 0 });
  const file = readBulkCsv(text);
  if ('error' in file) return empty([file.error]);

  const seen = new Map<string, number>();
  const rows = file.rows.map((raw, i): BulkRow => {
    const rowNo = i + 1;
    const reference = raw.reference ?? `${batchReference}-${rowNo}`;
    const out: BulkRow = {
      row: rowNo,
      phone: raw.phone ?? '',
      msisdn: null,
      network: null,
      type: null,
      amountKobo: null,
      planCode: raw.planCode ?? null,
      planName: null,
      reference,
      errors: [],
    };
    const parsed = portalVendBody.safeParse({
      reference,
      phone: raw.phone ?? '',
      network: raw.network?.toUpperCase(),
      type: raw.type?.toUpperCase(),
      amount: raw.amount,
      planCode: raw.planCode,
    });
    if (!parsed.success) {
      // A malformed airtime amount is refused in the words of its service's bounds, as the single
      // vend form does (issue 53 point 5), when the row says which service it is.
      const network = (raw.network?.toUpperCase() as Network | undefined) || suggestNetwork(raw.phone ?? '');
      const service =
        network && raw.type?.toUpperCase() === 'AIRTIME'
          ? serviceFor(catalogue.services, network, 'AIRTIME')
          : undefined;
      out.errors = parsed.error.issues.map((x) =>
        x.path[0] === 'amount' && service ? boundsMessage(boundsOf(catalogue, service), service) : x.message,
      );
      return out;
    }
    const d = parsed.data;
    out.msisdn = d.phone;
    out.type = d.type;
    // Shown for every readable row, valid or not.
    out.network = d.network ?? suggestNetwork(d.phone);
    out.amountKobo = d.amount ?? null;
    if (seen.has(reference)) {
      out.errors.push(`The reference ${reference} is also on row ${seen.get(reference)}`);
      return out;
    }
    seen.set(reference, rowNo);
    const network = out.network;
    if (!network) {
      out.errors.push(`We could not tell the network of ${d.phone}; choose one`);
      return out;
    }
    const check = checkVend(catalogue, { network, type: d.type, amountKobo: d.amount, planCode: d.planCode });
    if (!check.ok) {
      out.errors.push(check.message);
      return out;
    }
    out.amountKobo = check.amountKobo;
    out.planCode = check.plan?.code ?? null;
    out.planName = check.plan?.name ?? null;
    return out;
  });
  const valid = rows.filter((r) => r.errors.length === 0);
  return {
    fileErrors: [],
    rows,
    totalKobo: valid.reduce((s, r) => s + (r.amountKobo ?? 0), 0),
    invalidRows: rows.length - valid.length,
  };
}

// A cell a spreadsheet would run as a formula is prefixed with a quote (as the server's exports).
function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  let s = String(v);
  if (/^[=+\-@\t\r]/.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Every row's result, one line each, for "Download results CSV". */
export function bulkResultsCsv(result: BulkVendResult): string {
  const head = [
    'Row',
    'Reference',
    'Vend',
    'Phone',
    'Network',
    'Type',
    'Plan',
    'Amount (NGN)',
    'Charged (NGN)',
    'Status',
    'Message',
  ];
  const lines = [head.map(cell).join(',')];
  for (const r of result.rows) {
    const v = r.vend;
    lines.push(
      [
        r.row,
        r.reference,
        v?.code ?? '',
        r.phone ?? '',
        v?.network ?? '',
        v?.type ?? '',
        v?.planCode ?? '',
        v ? koboToNairaString(v.amountKobo) : '',
        v ? koboToNairaString(v.chargedKobo) : '',
        v?.status ?? 'NOT VENDED',
        r.message,
      ]
        .map(cell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
