import dayjs from 'dayjs';

/** The spec's period choices of the filter sheets. */
export const PERIOD_PRESETS = ['today', 'last7Days', 'thisMonth', 'lastMonth'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** A closed date range in API dates (`YYYY-MM-DD`). */
export interface PeriodRange {
  from: string;
  to: string;
}

const API = 'YYYY-MM-DD';

/** The range a preset means on `today` (local calendar days, both ends included). */
export function periodRange(preset: PeriodPreset, today: Date = new Date()): PeriodRange {
  const day = dayjs(today).startOf('day');
  switch (preset) {
    case 'today':
      return { from: day.format(API), to: day.format(API) };
    case 'last7Days':
      return { from: day.subtract(6, 'day').format(API), to: day.format(API) };
    case 'thisMonth':
      return { from: day.startOf('month').format(API), to: day.endOf('month').format(API) };
    case 'lastMonth': {
      const last = day.subtract(1, 'month');
      return { from: last.startOf('month').format(API), to: last.endOf('month').format(API) };
    }
  }
}

/** A stored period: ISO 8601 interval notation `from/to`. */
export function formatPeriod(range: PeriodRange): string {
  return `${range.from}/${range.to}`;
}

/** A stored period back as a range; null when the text is not `YYYY-MM-DD/YYYY-MM-DD` with from ≤ to. */
export function parsePeriod(value: unknown): PeriodRange | null {
  if (typeof value !== 'string') return null;
  const match = /^(\d{4}-\d{2}-\d{2})\/(\d{4}-\d{2}-\d{2})$/.exec(value);
  if (!match) return null;
  const [from, to] = [dayjs(match[1]), dayjs(match[2])];
  // a round trip refuses dates that do not exist (2026-02-30 would roll over to March)
  if (!from.isValid() || !to.isValid() || from.format(API) !== match[1] || to.format(API) !== match[2]) return null;
  if (from.isAfter(to)) return null;
  return { from: match[1], to: match[2] };
}

/** The preset a range equals on `today`, if any (to highlight it). */
export function presetOf(range: PeriodRange | null, today: Date = new Date()): PeriodPreset | undefined {
  if (!range) return undefined;
  return PERIOD_PRESETS.find((p) => {
    const r = periodRange(p, today);
    return r.from === range.from && r.to === range.to;
  });
}
