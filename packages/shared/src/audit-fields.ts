// An audit entry's change summary as people read it (issue 53 point 6): every recorded field has
// a type that formats it the way the screens do: money in naira (not "Amount kobo: 500000"),
// rates as percentages (not "Commission bps: 300"), references by name (not a role's uuid),
// dates in Lagos time, enums in words. A field's key says its type (…Kobo, …Bps, …Id, …Date, …At);
// older entries recorded a few fields under a plain name (service commission, plan price), listed
// in ACTION_FIELDS. The server renders the lines (the screen and the CSV show the same); the
// audit-coverage test renders one entry of every action and fails on a raw kobo, bps or id.
import { formatLagosDate, formatLagosDateTime } from './dates';
import { addThousandsSeparators, formatNaira } from './money';
import { ADMIN_PERMISSIONS, CORPORATE_PERMISSIONS } from './permissions';
import { bpsToPercentString } from './schemas/catalogue';

export type AuditFieldType =
  /** An integer of kobo. */
  | 'money'
  /** A naira amount already written as "5000.00". */
  | 'naira'
  /** Basis points. */
  | 'percent'
  /** A record's id, shown by its name (the `names` the server resolved) or by what it is. */
  | 'reference'
  /** An id of bookkeeping only (a ledger transfer, a run): not shown. */
  | 'internal'
  | 'date'
  | 'datetime'
  | 'permissions'
  | 'value';

export interface AuditField {
  /** The field's name for people (before and after line up under it). */
  label: string;
  type: AuditFieldType;
  /** For a reference: what it refers to, when its name is not known ("a role"). */
  refers?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Fields recorded under a plain name whose type the name does not say, per action. */
const ACTION_FIELDS: Record<string, Record<string, AuditField>> = {
  'service.add': {
    commission: { label: 'Commission', type: 'percent' },
    minAmount: { label: 'Min amount', type: 'money' },
    maxAmount: { label: 'Max amount', type: 'money' },
  },
  // Entries before issue 53 recorded a partial row before and the request body after.
  'service.update': {
    commission: { label: 'Commission', type: 'percent' },
    min: { label: 'Min amount', type: 'money' },
    max: { label: 'Max amount', type: 'money' },
    minAmount: { label: 'Min amount', type: 'money' },
    maxAmount: { label: 'Max amount', type: 'money' },
  },
  'data-plan.add': { price: { label: 'Price', type: 'money' } },
  'data-plan.update': { price: { label: 'Price', type: 'money' } },
  'clients.limit': { from: { label: 'From', type: 'naira' }, to: { label: 'To', type: 'naira' } },
  'vtu.assign': {
    from: { label: 'From', type: 'reference', refers: 'a VTU line' },
    to: { label: 'To', type: 'reference', refers: 'a VTU line' },
  },
  'user.update': { id: { label: 'User', type: 'reference', refers: 'a user' } },
  // A bill's receipt (issue 51): the token and the destinations are recorded masked.
  'vend.receipt': { masked: { label: 'Token', type: 'value' } },
  'bill.send': {
    masked: { label: 'Token', type: 'value' },
    email: { label: 'Sent to email', type: 'value' },
    phone: { label: 'Sent by SMS to', type: 'value' },
    smsReference: { label: 'SMS gateway reference', type: 'value' },
  },
};

/** Plain names that are naira strings or kobo wherever they are recorded. */
const MONEY_NAMES = new Set(['amount', 'fee', 'total', 'fromWallet', 'receivable', 'balance', 'price']);
/** Ids of bookkeeping rows people never open from the trail. */
const INTERNAL_NAMES = new Set(['transferId', 'receivableId', 'run', 'apiKeyId', 'id']);
const REFERS: Record<string, string> = {
  role: 'a role',
  user: 'a user',
  service: 'a service',
  corporate: 'a client',
  dataPlan: 'a data plan',
  vtuLine: 'a VTU line',
  line: 'a VTU line',
  subscriber: 'a subscriber',
  document: 'a document',
};

/** "cardFeeRate" -> "Card fee rate", "first_name" -> "First name". */
function words(key: string): string {
  const w = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** The type and label of a recorded field. */
export function auditField(action: string, key: string): AuditField {
  const own = ACTION_FIELDS[action]?.[key];
  if (own) return own;
  let m = /^(.*)Kobo$/.exec(key);
  if (m) return { label: words(m[1]!), type: 'money' };
  m = /^(.*)Bps$/.exec(key);
  if (m) return { label: words(m[1]!), type: 'percent' };
  if (INTERNAL_NAMES.has(key)) return { label: words(key), type: 'internal' };
  m = /^(.*?)Ids?$/.exec(key);
  if (m?.[1])
    return {
      label: words(m[1]),
      type: 'reference',
      refers: REFERS[m[1]] ?? `a ${words(m[1]).toLowerCase()}`,
    };
  if (MONEY_NAMES.has(key)) return { label: words(key), type: 'naira' };
  if (key === 'permissions') return { label: 'Permissions', type: 'permissions' };
  if (/Date$/.test(key)) return { label: words(key), type: 'date' };
  if (/At$/.test(key)) return { label: words(key), type: 'datetime' };
  return { label: words(key), type: 'value' };
}

const PERMISSION_WORDS: Record<string, string> = { ...ADMIN_PERMISSIONS, ...CORPORATE_PERMISSIONS };

/** UPPER_SNAKE codes in words: POSTPAID_PLUS -> "Postpaid plus". */
const enumWords = (s: string) =>
  /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/.test(s) && s.length > 3 ? words(s.toLowerCase()) : s;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The names of referenced records, by id (resolved by the server for the entries it returns). */
export type AuditNames = Readonly<Record<string, string>>;

/** A value of a field as people read it. */
export function auditValue(action: string, f: AuditField, v: unknown, names: AuditNames = {}): string {
  if (v === null || v === undefined) return '—';
  if (Array.isArray(v)) {
    if (f.type === 'permissions')
      return v.map((p) => PERMISSION_WORDS[String(p)] ?? String(p)).join(', ') || '—';
    return v.map((x) => auditValue(action, f, x, names)).join(', ') || '—';
  }
  if (isRecord(v))
    return (
      Object.entries(v)
        .filter(([k]) => auditField(action, k).type !== 'internal')
        .map(([k, x]) => {
          const sub = auditField(action, k);
          return `${sub.label}: ${auditValue(action, sub, x, names)}`;
        })
        .join(', ') || '—'
    );
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (v === '') return '(empty)';
  switch (f.type) {
    case 'money':
      return typeof v === 'number' ? formatNaira(v) : String(v);
    case 'naira': {
      const s = String(v);
      if (typeof v === 'number') return formatNaira(v);
      return /^-?\d+(\.\d+)?$/.test(s) ? `₦${addThousandsSeparators(s)}` : s;
    }
    case 'percent':
      return typeof v === 'number' ? `${bpsToPercentString(v)}%` : String(v);
    case 'reference':
    case 'internal': {
      const s = String(v);
      return names[s] ?? (UUID.test(s) ? (f.refers ?? 'a record') : s);
    }
    case 'date':
      return formatLagosDate(String(v), String(v));
    case 'datetime':
      return formatLagosDateTime(String(v), String(v));
    default: {
      const s = String(v);
      if (names[s]) return names[s];
      // An id recorded under a name that does not say so still never shows as an id.
      if (UUID.test(s)) return 'a record';
      return enumWords(s);
    }
  }
}

/** One line of a change: a field that changed (before, after) or a value recorded. */
export interface AuditChange {
  field: string;
  before: string | null;
  after: string | null;
  value: string | null;
}

/**
 * A summary field by field: `before` and `after` records become one line per field that differs
 * (keys that name the same field, commissionBps then commission, line up under one label), every
 * other key a line of its own; bookkeeping ids are left out.
 */
export function auditChanges(
  action: string,
  summary: Record<string, unknown>,
  names: AuditNames = {},
): AuditChange[] {
  const { before, after, ...rest } = summary;
  const lines: AuditChange[] = [];
  if (isRecord(before) || isRecord(after)) {
    const side = (o: unknown) => {
      const out = new Map<string, { f: AuditField; v: unknown }>();
      if (isRecord(o))
        for (const [k, v] of Object.entries(o)) {
          const f = auditField(action, k);
          if (f.type !== 'internal') out.set(f.label, { f, v });
        }
      return out;
    };
    const b = side(before);
    const a = side(after);
    for (const label of new Set([...b.keys(), ...a.keys()])) {
      const x = b.get(label);
      const y = a.get(label);
      const was = x ? auditValue(action, x.f, x.v, names) : '—';
      const now = y ? auditValue(action, y.f, y.v, names) : '—';
      if (was !== now) lines.push({ field: label, before: was, after: now, value: null });
    }
  } else if (before !== undefined || after !== undefined) {
    const f: AuditField = { label: 'Value', type: 'value' };
    lines.push({
      field: 'Value',
      before: auditValue(action, f, before, names),
      after: auditValue(action, f, after, names),
      value: null,
    });
  }
  for (const [key, v] of Object.entries(rest)) {
    const f = auditField(action, key);
    if (f.type === 'internal') continue;
    lines.push({ field: f.label, before: null, after: null, value: auditValue(action, f, v, names) });
  }
  return lines;
}

export const auditChangeLine = (c: AuditChange) =>
  c.value !== null ? `${c.field}: ${c.value}` : `${c.field}: ${c.before} → ${c.after}`;

/** The whole summary on one line (the CSV's column, the table's cell). */
export const auditChangesText = (action: string, summary: Record<string, unknown>, names: AuditNames = {}) =>
  auditChanges(action, summary, names).map(auditChangeLine).join(' · ') || '—';

/** The ids of a summary that name records (the server resolves them to names). */
export function auditReferenceIds(summary: unknown, out = new Set<string>()): Set<string> {
  if (typeof summary === 'string') {
    if (UUID.test(summary)) out.add(summary);
  } else if (Array.isArray(summary)) for (const x of summary) auditReferenceIds(x, out);
  else if (isRecord(summary)) for (const x of Object.values(summary)) auditReferenceIds(x, out);
  return out;
}
