import type { Kysely } from 'kysely';
import { isValidDate, type Translate } from '../../src/engine';
import type { Database } from '../db/database';
import { notFound, validationFailed, type Violation } from '../lib/errors';
import { DEFAULT_TIME_ZONE, DEFAULT_WEEKEND_DAYS, companyCalendarView } from '../repositories/calendar-repository';
import type { EntityHandler } from '../workflow/entity-changes/entity-handler';
import { illegalTransition } from '../workflow/core/workflow-error';
import { assertOrganisationScope } from './organisation-scope';

/** One listed date of the calendar form. */
interface HolidayRow { date: string; name: string; name_ja?: string | null; name_zh?: string | null; working?: boolean }

/** The company calendar form's data (the `calendar` entity kind): one year's dates and the week. */
interface CalendarData { company_id: number; year: number; weekend_days: number[]; holidays?: HolidayRow[] }

/** Years a request may change: last year (late corrections) to ten years ahead. */
export function calendarYears(now: Date = new Date()): { min: number; max: number } {
  const year = now.getUTCFullYear();
  return { min: year - 1, max: year + 10 };
}

const rowsOf = (data: CalendarData) => (Array.isArray(data.holidays) ? data.holidays : []);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** What the rules cannot see: the year's range, dates outside the year, a date twice, a whole week off, a "worked" weekday. */
function violationsOf(data: CalendarData, t: Translate): Violation[] {
  const out: Violation[] = [];
  const { min, max } = calendarYears();
  if (!Number.isInteger(data.year) || data.year < min || data.year > max) out.push({ propertyPath: 'year', message: t('server.admin.errors.calendarYear', { min, max }) });
  const weekend = new Set(data.weekend_days ?? []);
  if (weekend.size >= 7) out.push({ propertyPath: 'weekend_days', message: t('server.admin.errors.calendarNoWorkday') });
  const seen = new Set<string>();
  rowsOf(data).forEach((row, i) => {
    const n = i + 1;
    const at = `holidays[${i}].date`;
    if (!isValidDate(row.date)) out.push({ propertyPath: at, message: t('server.admin.errors.holidayDate', { n }) });
    else if (Number(row.date.slice(0, 4)) !== data.year) out.push({ propertyPath: at, message: t('server.admin.errors.holidayYear', { n, date: row.date, year: data.year }) });
    else if (seen.has(row.date)) out.push({ propertyPath: at, message: t('server.admin.errors.holidayTwice', { n, date: row.date }) });
    else if (row.working === true && !weekend.has(weekdayOf(row.date))) out.push({ propertyPath: `holidays[${i}].working`, message: t('server.admin.errors.holidayWorkingWeekday', { n, date: row.date }) });
    if (isValidDate(row.date)) seen.add(row.date);
  });
  return out;
}

/**
 * A company's business calendar (issue #20 item 9; `company_calendars`, `holidays`, migration
 * 0940) changed through approval: the entity is the company (edit only); a request gives the
 * working week (`weekend_days`, 0 = Sunday … 6 = Saturday) and one year's list of dates (holidays,
 * or with `working` a weekend date that is worked). On approval the week is replaced and that
 * year's dates become exactly the list; other years stay. Reminders and escalation count with it
 * from then on. Requested by a group admin (any company) or the company's authorizer.
 */
export const calendarEntity: EntityHandler = {
  kind: 'calendar',

  companyScope(user, companyId, t) {
    assertOrganisationScope(user, companyId, t);
  },

  async load(db, id) {
    if (!(await db.selectFrom('companies').select('id').where('id', '=', id).executeTakeFirst())) return null;
    const year = new Date().getUTCFullYear();
    const view = await companyCalendarView(db, id, 'en', year);
    return {
      company_id: id, year, weekend_days: view.weekend_days,
      holidays: view.holidays.map((h) => ({ date: h.date, name: h.name_en, name_ja: h.name_ja, name_zh: h.name_zh, working: h.working })),
    };
  },

  async authorize(db, request, user, t) {
    const data = request.data as unknown as CalendarData;
    const companyId = request.targetId!;
    if (!(await calendarEntity.load(db, companyId))) throw notFound(t('server.errors.notFound', { what: t('server.entities.company') }));
    assertOrganisationScope(user, companyId, t);
    const violations: Violation[] = data.company_id !== companyId ? [{ propertyPath: 'company_id', message: t('server.finance.errors.companyFixed') }] : [];
    violations.push(...violationsOf(data, t));
    if (violations.length) throw validationFailed(violations);
  },

  async apply(trx: Kysely<Database>, change, ctx) {
    const data = change.data as unknown as CalendarData;
    const companyId = change.targetId!;
    const company = await trx.selectFrom('companies').select('id').where('id', '=', companyId).forUpdate().executeTakeFirst();
    if (!company) throw illegalTransition(ctx.t('server.admin.errors.targetGone'));
    const weekend = JSON.stringify([...new Set(data.weekend_days ?? DEFAULT_WEEKEND_DAYS)].sort((a, b) => a - b));
    await trx.insertInto('company_calendars').values({ company_id: companyId, weekend_days: weekend, time_zone: DEFAULT_TIME_ZONE, updated_at: new Date() })
      .onConflict((oc) => oc.column('company_id').doUpdateSet({ weekend_days: weekend, updated_at: new Date() })).execute();
    await trx.deleteFrom('holidays').where('company_id', '=', companyId)
      .where('date', '>=', `${data.year}-01-01`).where('date', '<=', `${data.year}-12-31`).execute();
    const rows = rowsOf(data).map((row) => ({
      company_id: companyId, date: row.date, name: row.name.trim(), name_ja: row.name_ja?.trim() || null, name_zh: row.name_zh?.trim() || null, working: row.working === true,
    }));
    if (rows.length) await trx.insertInto('holidays').values(rows).execute();
    return companyId;
  },
};
