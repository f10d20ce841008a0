import type { Kysely } from 'kysely';
import type { BusinessCalendar, Lang } from '../../src/engine';
import type { Database } from '../db/database';
import { localizedName } from '../lib/localized-name';

/** A company without a calendar row: Saturday and Sunday off, days counted in Tokyo. */
export const DEFAULT_WEEKEND_DAYS = [0, 6];
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';

/** The weekend days as stored (jsonb, maybe read back as text) or the default. */
function weekendOf(value: unknown): number[] {
  const parsed = typeof value === 'string' ? JSON.parse(value) as unknown : value;
  return Array.isArray(parsed) ? parsed.map(Number).filter((d) => Number.isInteger(d) && d >= 0 && d <= 6) : DEFAULT_WEEKEND_DAYS;
}

/**
 * The business calendar of a company (`company_calendars` + `holidays`, migration 0940), as the
 * engine's pure business-day functions take it. Unknown company or none: the default week.
 */
export async function companyCalendar(db: Kysely<Database>, companyId: number | null): Promise<BusinessCalendar> {
  if (companyId === null) return { weekendDays: DEFAULT_WEEKEND_DAYS, holidays: new Set(), timeZone: DEFAULT_TIME_ZONE };
  const row = await db.selectFrom('company_calendars').select(['weekend_days', 'time_zone']).where('company_id', '=', companyId).executeTakeFirst();
  const days = await db.selectFrom('holidays').select(['date', 'working']).where('company_id', '=', companyId).execute();
  return {
    weekendDays: row ? weekendOf(row.weekend_days) : DEFAULT_WEEKEND_DAYS,
    timeZone: row?.time_zone ?? DEFAULT_TIME_ZONE,
    holidays: new Set(days.filter((d) => !d.working).map((d) => String(d.date))),
    workdays: new Set(days.filter((d) => d.working).map((d) => String(d.date))),
  };
}

/** A company's calendar as the API shows it: weekend days, time zone, and its dates in order (optionally of one year), names per language too. */
export async function companyCalendarView(db: Kysely<Database>, companyId: number, lang: Lang, year?: number) {
  const row = await db.selectFrom('company_calendars').select(['weekend_days', 'time_zone']).where('company_id', '=', companyId).executeTakeFirst();
  let query = db.selectFrom('holidays')
    .select(['holidays.date', 'holidays.working', localizedName(lang, 'holidays').as('name'), 'holidays.name as name_en', 'holidays.name_ja', 'holidays.name_zh'])
    .where('holidays.company_id', '=', companyId);
  if (year !== undefined) query = query.where('holidays.date', '>=', `${year}-01-01`).where('holidays.date', '<=', `${year}-12-31`);
  const days = await query.orderBy('holidays.date').execute();
  return {
    company_id: companyId,
    weekend_days: row ? weekendOf(row.weekend_days) : DEFAULT_WEEKEND_DAYS,
    time_zone: row?.time_zone ?? DEFAULT_TIME_ZONE,
    // Each date's name in the request language, and as stored per language (what a change request starts from).
    holidays: days.map((d) => ({ date: String(d.date), name: d.name, working: d.working, name_en: d.name_en, name_ja: d.name_ja, name_zh: d.name_zh })),
  };
}
