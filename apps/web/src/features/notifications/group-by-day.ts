import type { NotificationView } from '@vendport/shared';
import { formatDayHeading } from '@/lib/format';

export type DayGroup = { day: string; items: NotificationView[] };

/** Consecutive notifications of the same calendar day under one `D MMM, YYYY` heading, in list order. */
export function groupByDay(items: NotificationView[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const item of items) {
    const day = formatDayHeading(item.createdAt, 'Unknown date');
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.items.push(item);
    else groups.push({ day, items: [item] });
  }
  return groups;
}

export const PREVIEW_LENGTH = 120;

/** The list shows a one-line preview; the detail modal shows the whole body. */
export function truncateBody(body: string, max = PREVIEW_LENGTH): string {
  const flat = body.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}…` : flat;
}
