// The valuation as a CSV file: the client, the period (Lagos days, DD/MM/YYYY), when it was
// made (Lagos time), then one row per network and service and a total row. Amounts in naira with
// two decimals and no separators, so a spreadsheet reads them as numbers.
import { formatCsv, koboToNairaString } from '@vendport/shared';
import { networkLabel, serviceTypeLabel } from '@/lib/catalogue-labels';
import { formatDate, formatDateTime } from '@/lib/format';
import type { ValuationLine } from './valuation-run';

export function totalOf(lines: ValuationLine[]) {
  return lines.reduce(
    (t, l) => ({
      count: t.count + l.count,
      valueKobo: t.valueKobo + l.valueKobo,
      commissionKobo: t.commissionKobo + l.commissionKobo,
      netCostKobo: t.netCostKobo + l.netCostKobo,
    }),
    { count: 0, valueKobo: 0, commissionKobo: 0, netCostKobo: 0 },
  );
}

export function valuationCsv(
  v: { clientName: string; lines: ValuationLine[]; range: { startDate: string; endDate: string } },
  now: Date = new Date(),
): { filename: string; text: string } {
  const t = totalOf(v.lines);
  const text = formatCsv([
    ['Sales valuation', v.clientName],
    ['Period', `${formatDate(v.range.startDate)} - ${formatDate(v.range.endDate)}`],
    ['Generated', formatDateTime(now)],
    [],
    ['Network', 'Service', 'Vends', 'Value (NGN)', 'Commission (NGN)', 'Net cost (NGN)'],
    ...v.lines.map((l) => [
      networkLabel(l.network),
      serviceTypeLabel(l.serviceType),
      l.count,
      koboToNairaString(l.valueKobo),
      koboToNairaString(l.commissionKobo),
      koboToNairaString(l.netCostKobo),
    ]),
    [
      'Total',
      '',
      t.count,
      koboToNairaString(t.valueKobo),
      koboToNairaString(t.commissionKobo),
      koboToNairaString(t.netCostKobo),
    ],
  ]);
  const slug =
    v.clientName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'client';
  return { filename: `sales-valuation-${slug}-${v.range.startDate}-to-${v.range.endDate}.csv`, text };
}
