// Sales valuation (spec §7 evaluation/vending/{clientId}/count): a client's successful live vends
// over a range, valued per network and service (value, commission, net cost), read in chunks of
// chunkSize vends in (created_at, id) order. Each chunk resumes after the previous one's last vend
// (a keyset cursor), and sums the days that fit whole in it from the day roll-ups (rollup.repo),
// reading vends only where the roll-ups do not hold them and on the day where it ends: a chunk
// costs its days, not its vends, so the thousandth chunk costs what the first does and no request
// or query ever reads a million rows.
import { addCalendarDays, lagosDateOf, type ValuationChunkView } from '@vendport/shared';
import type { Db } from '../../infra/db/client';
import { badRequest } from '../../infra/errors';
import { lagosDayStart } from '../../infra/lagos-time';
import { checkedRange } from './dashboards.service';
import { dayRuns, vendCount } from './reports.repo';
import {
  type Key,
  type Line,
  lastKey,
  rawCount,
  rawPart,
  rolledDayLines,
  toLine,
  valuationPlan,
} from './valuation.repo';

interface ValuationRange {
  startDate: string;
  endDate: string;
}

/**
 * How many successful live vends the range holds, and so how many chunks: counted from the
 * roll-ups (vendCount: the clean days' rows, the vends of the rest), or from the vends when more
 * than the count bound of them are not rolled up.
 */
export async function valuationCount(db: Db, corporateId: string, q: ValuationRange & { chunkSize: number }) {
  const r = checkedRange(q);
  const toDay = addCalendarDays(r.endDate, 1);
  const rolled = await vendCount(db, {
    corporateId,
    fromDay: r.startDate,
    toDay,
    status: 'SUCCESSFUL',
    equal: {},
  });
  const count =
    rolled ??
    (await rawCount(db, corporateId, { from: lagosDayStart(r.startDate), to: lagosDayStart(toDay) }));
  return { count, chunks: Math.ceil(count / q.chunkSize), chunkSize: q.chunkSize };
}

/** created_at as PostgreSQL prints it (microseconds kept, so no row is skipped or repeated). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;
const encode = (at: string, id: string) => Buffer.from(`${at}|${id}`).toString('base64url');
function decode(cursor: string): Key {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!at || !id || !TIMESTAMP.test(at) || !realInstant(at) || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw badRequest('This valuation cursor is not valid: start again from the first chunk');
  }
  return { at, id };
}

/** A TIMESTAMP whose date and time exist (not the 30th of February, not 25 o'clock). */
function realInstant(at: string): boolean {
  const [y, mo, d, h, mi, s] = at
    .split(/[-: T.+Z]/)
    .slice(0, 6)
    .map(Number) as number[];
  const utc = new Date(Date.UTC(y ?? 0, (mo ?? 0) - 1, d ?? 0, h ?? 0, mi ?? 0, s ?? 0));
  return (
    utc.getUTCFullYear() === y &&
    utc.getUTCMonth() === (mo ?? 0) - 1 &&
    utc.getUTCDate() === d &&
    utc.getUTCHours() === h &&
    utc.getUTCMinutes() === mi &&
    utc.getUTCSeconds() === s &&
    !Number.isNaN(new Date(at).getTime())
  );
}

/**
 * A stretch of the range, in time order: the vends created in [from, to), counted by the roll-ups
 * (a clean day's vends before its watermark: `day`, `count`) or, when `day` is null, read from
 * the vends.
 */
interface Stretch {
  from: Date;
  to: Date;
  day: string | null;
  count: number;
}

/**
 * The client's successful vends of [fromDay, toDay) as stretches: each day rolled up and clean
 * counted by its roll-up rows up to its watermark, the rest of the range (unbuilt or dirty days,
 * a day after its watermark, the day `rawDay`) read from the vends, adjacent stretches of those
 * merged. One statement reads the rolled days' counts (vend_client_daily_totals), the sums of
 * all of them by network and service (vend_client_detail_totals, one index range) and, when the
 * rest is at most FEW_GAPS stretches, its first `limit` + 1 vends after `after`, summed (`raw`):
 * a chunk that takes every rolled day whole and all of those (a month in one chunk) is read.
 */
async function stretchesOf(
  db: Db,
  corporateId: string,
  q: { fromDay: string; toDay: string; rawDay: string | null; after: Key | null; limit: number },
): Promise<{ stretches: Stretch[]; lines: Line[]; raw: { rows: number; lines: Line[] } | null }> {
  const rows = await valuationPlan(db, corporateId, q);
  const rolled = new Map<string, { watermark: Date; count: number }>();
  const lines: Line[] = [];
  const rawLines: Line[] = [];
  let raw: { rows: number; lines: Line[] } | null = null;
  for (const r of rows) {
    if (r.kind === 'day' && r.day)
      rolled.set(r.day, { watermark: new Date(Number(r.ms)), count: Number(r.n) });
    else if (r.kind === 'rolled') lines.push(toLine(r));
    else if (r.kind === 'raw') rawLines.push(toLine(r));
    else raw = { rows: Number(r.n), lines: rawLines };
  }
  const out: Stretch[] = [];
  for (let d = q.fromDay; d < q.toDay; d = addCalendarDays(d, 1)) {
    const start = lagosDayStart(d);
    const end = lagosDayStart(addCalendarDays(d, 1));
    const day = rolled.get(d);
    const w = day ? new Date(Math.min(day.watermark.getTime(), end.getTime())) : start;
    if (day) out.push({ from: start, to: w, day: d, count: day.count });
    const last = out[out.length - 1];
    if (w >= end) continue;
    if (last && last.day === null && last.to.getTime() === w.getTime()) last.to = end;
    else out.push({ from: w, to: end, day: null, count: 0 });
  }
  return { stretches: out, lines, raw };
}

/**
 * The chunk after `after` (the first without it): the next chunkSize successful vends of the
 * range in (created_at, id) order, summed by network and service. It walks the range's stretches
 * (stretchesOf): a rolled day that fits whole in the chunk adds its roll-up sums, and the vends
 * are read only where the roll-ups do not hold them, and on the day where the chunk ends (up to
 * its last vend). So a chunk costs its days and not its rows: 30 days of a client's vends read
 * their roll-up rows, however many vends they hold. Each stretch is read as it is when reached;
 * the stretches part the range, so no vend is counted twice.
 */
export async function valuationChunk(
  db: Db,
  corporateId: string,
  q: ValuationRange & { chunkSize: number; after?: string },
): Promise<ValuationChunkView> {
  const r = checkedRange(q);
  const after = q.after ? decode(q.after) : null;
  const afterDay = after ? lagosDateOf(new Date(after.at)) : null;
  // The days before the cursor's are behind it; its own day is read from the vends, after it.
  const fromDay = afterDay && afterDay > r.startDate ? afterDay : r.startDate;
  const toDay = addCalendarDays(r.endDate, 1);
  const plan =
    fromDay < toDay
      ? await stretchesOf(db, corporateId, { fromDay, toDay, rawDay: afterDay, after, limit: q.chunkSize })
      : null;
  const stretches = plan?.stretches ?? [];
  const sums = new Map<string, Line>();
  const add = (ls: Line[]) => {
    for (const l of ls) {
      const k = `${l.network}|${l.service}`;
      const p = sums.get(k);
      if (p) Object.assign(p, { n: p.n + l.n, a: p.a + l.a, c: p.c + l.c, g: p.g + l.g });
      else sums.set(k, { ...l });
    }
  };
  let rows = 0;
  let last: Key | null = null;
  const rolledRows = stretches.reduce((n, s) => n + s.count, 0);
  if (plan?.raw && plan.raw.rows + rolledRows <= q.chunkSize) {
    // The rest of the range fits in the chunk, and the first statement read all of it.
    add(plan.lines);
    add(plan.raw.lines);
    rows = rolledRows + plan.raw.rows;
    if (rows === q.chunkSize) {
      last = await lastKey(db, corporateId, { from: lagosDayStart(fromDay), to: lagosDayStart(toDay) });
    }
  } else {
    // The rolled days taken whole, and the last of them when nothing was read after it.
    const taken: string[] = [];
    let lastRolled: Stretch | null = null;
    for (const s of stretches) {
      const room = q.chunkSize - rows;
      if (room === 0) break;
      if (s.day && s.count <= room) {
        if (s.count === 0) continue;
        taken.push(s.day);
        rows += s.count;
        lastRolled = s;
        continue;
      }
      const part = await rawPart(db, corporateId, s, after, room);
      if (part.rows === 0) continue;
      add(part.lines);
      rows += part.rows;
      last = part.last;
      lastRolled = null;
    }
    // The rolled days' sums: all of them read already when every day holding vends is taken.
    const holding = stretches.filter((s) => s.day && s.count > 0).length;
    if (taken.length === holding) add(plan?.lines ?? []);
    else if (taken.length) add(await rolledDayLines(db, corporateId, dayRuns(taken)));
    if (rows === q.chunkSize && lastRolled) last = await lastKey(db, corporateId, lastRolled);
  }
  return {
    rows,
    lines: [...sums.values()]
      .sort((x, y) => x.network.localeCompare(y.network) || x.service.localeCompare(y.service))
      .map((l) => ({
        network: l.network as ValuationChunkView['lines'][number]['network'],
        serviceType: l.service as ValuationChunkView['lines'][number]['serviceType'],
        count: l.n,
        valueKobo: l.a,
        commissionKobo: l.c,
        netCostKobo: l.a - l.c,
      })),
    next: rows === q.chunkSize && last ? encode(last.at, last.id) : null,
  };
}
