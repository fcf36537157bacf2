// A row's moment in a table: the Lagos date with its time beneath, for every history table
// (funding, VTU funding and consumption): a date alone does not tell two credits of a day apart.
import { formatDate, formatTime } from '@/lib/format';

/** A row's date (DD/MM/YYYY) with its time beneath (h:mm A); its text reads "DD/MM/YYYY h:mm A". */
export function WhenCell({ at }: { at: string }) {
  return (
    <time dateTime={at} className="block">
      <span className="block text-slate-800">{formatDate(at)}</span>{' '}
      <span className="block text-xs text-slate-500">{formatTime(at)}</span>
    </time>
  );
}
