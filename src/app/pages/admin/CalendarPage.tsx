import { useState } from 'react';
import { Badge, Button, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular, EditRegular } from '@fluentui/react-icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toDisplayDate } from '../../../engine';
import { useRendererHost } from '../../../renderer/host';
import { usePageStyles } from '../common/page-styles';
import type { AdminCalendar } from './admin-types';
import { CompanyChooser, useChosenCompany } from './CompanyChooser';
import { CompanyQueryState } from './CompanyQueryState';
import { useEntityRequest } from './open-entity-form';
import { calendarOptions } from './organisation-queries';

const useStyles = makeStyles({
  years: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  card: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground1, boxShadow: tokens.shadow2,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  center: { textAlign: 'center' },
});

/** The years a change may be requested for (the server's rule: last year to ten years ahead). */
const YEARS_BACK = 1;
const YEARS_AHEAD = 10;

/** A weekday's name (0 = Sunday) in `lang`, from a fixed week (4 Jan 1970 was a Sunday). */
function weekdayName(day: number, lang: string, width: 'long' | 'short'): string {
  return new Intl.DateTimeFormat(lang, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(1970, 0, 4 + day)));
}

/** The calendar of one year as the calendar entity module's form data (what a change request starts from). */
function formData(companyId: number, year: number, calendar: AdminCalendar) {
  return {
    company_id: companyId, year, weekend_days: calendar.weekend_days,
    holidays: calendar.holidays.map((h) => ({ date: h.date, name: h.name_en, name_ja: h.name_ja, name_zh: h.name_zh, working: h.working })),
  };
}

/**
 * Admin → Calendars (issue #20 item 9): a company's working week and one year's holidays (and
 * worked weekend days) — what reminders and escalation count business days with. "Request a
 * change" files the calendar entity module's edit with the year's dates; the calendar
 * changes when the request is approved. A group admin chooses the company; an authorizer sees their own.
 */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const styles = { ...usePageStyles(), ...useStyles() };
  const host = useRendererHost();
  const requestChange = useEntityRequest();
  // The year the page opened in (read once: a render never reads the clock).
  const [thisYear] = useState(() => new Date().getFullYear());
  const [companyId, setCompanyId] = useChosenCompany();
  const [year, setYear] = useState(thisYear);
  const calendar = useQuery({ ...calendarOptions(host.api, companyId ?? 0, year), enabled: companyId !== null });
  const lang = i18n.language;

  const change = async () => {
    if (companyId === null || !calendar.data) return;
    await requestChange('calendar', 'app.organisation.calendarChangeTitle', {
      operation: 'edit', targetId: companyId,
      initialData: formData(companyId, year, calendar.data), readOnlyFields: ['company_id', 'year'],
    });
  };
  const weekend = calendar.data?.weekend_days ?? [];

  return (
    <section className={styles.page} data-testid="calendar-page">
      <Text>{t('app.organisation.calendarIntro')}</Text>
      <CompanyChooser value={companyId} onChange={setCompanyId} />
      <div className={styles.years} role="group" aria-label={t('app.organisation.year')}>
        <Button icon={<ChevronLeftRegular />} aria-label={t('app.organisation.previousYear')} disabled={year <= thisYear - YEARS_BACK} onClick={() => setYear((y) => y - 1)} />
        <Text size={500} weight="semibold" aria-live="polite" data-testid="calendar-year">{t('app.organisation.yearValue', { year })}</Text>
        <Button icon={<ChevronRightRegular />} aria-label={t('app.organisation.nextYear')} disabled={year >= thisYear + YEARS_AHEAD} onClick={() => setYear((y) => y + 1)} />
      </div>
      <CompanyQueryState query={calendar} companyChosen={companyId !== null} />
      {calendar.data ? (
        <>
          <div className={styles.card} data-testid="calendar-week">
            <Text weight="semibold">{t('app.organisation.daysOff')}</Text>
            <Text>{weekend.length ? [...weekend].sort((a, b) => a - b).map((d) => weekdayName(d, lang, 'long')).join(t('app.organisation.listSeparator')) : t('app.organisation.noDaysOff')}</Text>
          </div>
          {calendar.data.holidays.length === 0 ? <Text className={`${styles.muted} ${styles.center}`} data-testid="calendar-empty">{t('app.organisation.noHolidays', { year })}</Text> : (
            <ul className={styles.list} aria-label={t('app.organisation.holidaysLabel', { year })}>
              {calendar.data.holidays.map((h) => (
                <li key={h.date} className={styles.row} data-testid="holiday-row">
                  <span className={styles.rowText}>
                    <span className={styles.head}>
                      <Text weight="semibold">{t('engine.format.dateWithWeekday', { date: toDisplayDate(h.date), weekday: weekdayName(new Date(`${h.date}T00:00:00Z`).getUTCDay(), lang, 'short') })}</Text>
                      {h.working ? <Badge appearance="tint" color="warning">{t('app.organisation.worked')}</Badge> : null}
                    </span>
                    <Text size={200}>{h.name}</Text>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Button appearance="primary" icon={<EditRegular />} onClick={() => void change()} disabled={year < thisYear - YEARS_BACK || year > thisYear + YEARS_AHEAD} data-testid="calendar-change">
            {t('app.organisation.changeCalendar')}
          </Button>
        </>
      ) : null}
    </section>
  );
}
