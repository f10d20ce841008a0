/**
 * Admin → Calendars (issue #20 item 9) over a fake network with the real module definitions: a
 * group admin chooses the company; the working week and one year's dates (a worked weekend day
 * marked) in the reader's language; the year moves (a year without dates shows the empty state);
 * "Request a change" opens the calendar entity module's edit request with that year's dates and
 * the company and year fixed. The module is found by its entity kind, not by a code.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { definitions } from '../../application/application-harness';
import { renderApp, signedIn, type SentRequest } from '../harness';
import { i18n } from '../../../../src/app/i18n/i18n';
import { contentChecks } from '../../../e2e/content-checks';

type Module = Awaited<ReturnType<typeof definitions>>[string];
type Day = { date: string; name: string; name_en: string; name_ja: string; name_zh: string; working: boolean };

/** The network of a group admin who opens a company's calendar (`days` in `year`, none in other years). */
function calendarRoutes(calendarModule: Module, year: number, days: Day[]) {
  return {
    ...signedIn({ is_authorizer: true, is_ringi_group_member: true }),
    'GET /module-definitions': { status: 200, data: { 'hydra:member': [calendarModule], 'hydra:totalItems': 1 } },
    [`GET /module-definitions/${calendarModule.code}`]: { status: 200, data: calendarModule },
    'GET /approvals/my': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
    'GET /companies': { status: 200, data: { 'hydra:member': [{ id: 1, name: 'Ringi Japan' }, { id: 2, name: 'Ringi Trading' }], 'hydra:totalItems': 2 } },
    'GET /companies/1': { status: 200, data: { id: 1, name: 'Ringi Japan' } },
    'GET /companies/1/calendar': (request: SentRequest) => ({
      status: 200,
      data: { company_id: 1, weekend_days: [0, 6], time_zone: 'Asia/Tokyo', holidays: (request.params as { year: number }).year === year ? days : [] },
    }),
    'GET /master_processes': { status: 200, data: { 'hydra:member': [] } },
    'GET /currencies': { status: 200, data: { 'hydra:member': [], 'hydra:totalItems': 0 } },
    'GET /saved_approvers': { status: 200, data: { 'hydra:member': [] } },
    [`GET /my-default-process/${calendarModule.code}`]: { status: 200, data: { process: [], default_approvers: [] } },
    'GET /buffer_temporaries': { status: 204 },
  };
}

describe('Calendars screen', () => {
  it('shows the week and the year\'s dates, moves between years, and opens the change request', async () => {
    const modules = await definitions();
    const calendarModule = Object.values(modules).find((m) => m.kind === 'module' && m.meta.entity?.kind === 'calendar')!;
    expect(calendarModule, 'a module files calendar changes').toBeDefined();
    const year = new Date().getFullYear();
    const days = [
      { date: `${year}-01-01`, name: "New Year's Day", name_en: "New Year's Day", name_ja: '元日', name_zh: '元旦', working: false },
      { date: `${year}-10-10`, name: 'Make-up day', name_en: 'Make-up day', name_ja: '振替出勤日', name_zh: '调休上班', working: true },
    ];
    const app = await renderApp({
      token: 'token', path: '/', language: 'en',
      routes: calendarRoutes(calendarModule, year, days),
    });
    await app.user.click(await screen.findByRole('tab', { name: 'Admin' }));
    await app.user.click(await screen.findByRole('button', { name: /^Calendars/ }));
    const page = await screen.findByTestId('calendar-page');
    // A group admin chooses the company.
    expect(within(page).getByRole('combobox', { name: 'Company' })).toBeTruthy();
    expect((await within(page).findByTestId('calendar-week')).textContent).toBe('Days off each weekSunday, Saturday');
    const rows = await within(page).findAllByTestId('holiday-row');
    expect(rows.map((r) => r.textContent)).toEqual([`${year}/01/01 (${new Intl.DateTimeFormat('en', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${year}-01-01T00:00:00Z`))})New Year's Day`, expect.stringContaining('Worked day')]);

    await app.user.click(within(page).getByRole('button', { name: 'Next year' }));
    expect(within(page).getByTestId('calendar-year').textContent).toBe(String(year + 1));
    expect((await within(page).findByTestId('calendar-empty')).textContent).toBe(`No holidays in ${year + 1}.`);
    await app.user.click(within(page).getByRole('button', { name: 'Previous year' }));
    await within(page).findAllByTestId('holiday-row');

    await app.user.click(within(page).getByRole('button', { name: 'Request a change' }));
    const form = await screen.findByTestId('entity-form-edit');
    await waitFor(() => expect(within(form).getAllByRole('textbox').map((b) => (b as HTMLInputElement).value)).toEqual(expect.arrayContaining(["New Year's Day", '元日', 'Make-up day'])));
    const yearBox = within(form).getAllByRole('textbox').find((b) => (b as HTMLInputElement).value === String(year)) as HTMLInputElement;
    expect(yearBox, 'the year field').toBeDefined();
    expect(yearBox.disabled || yearBox.readOnly).toBe(true);
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion

  it('writes a date\'s weekday and the list of days off in Chinese marks: 2026/01/01（周四）, 星期日、星期六', async () => {
    const modules = await definitions();
    const calendarModule = Object.values(modules).find((m) => m.kind === 'module' && m.meta.entity?.kind === 'calendar')!;
    const year = new Date().getFullYear();
    const days = [{ date: `${year}-01-01`, name: '元旦', name_en: "New Year's Day", name_ja: '元日', name_zh: '元旦', working: false }];
    const app = await renderApp({ token: 'token', path: '/', language: 'zh', routes: calendarRoutes(calendarModule, year, days) });
    const zh = (key: string) => new RegExp(`^${i18n.t(key).replace(/\u2060/g, '\u2060?')}`);
    await app.user.click(await screen.findByRole('tab', { name: zh('app.tabs.admin') }));
    await app.user.click(await screen.findByRole('button', { name: zh('app.admin.calendars') }));
    const page = await screen.findByTestId('calendar-page');
    const weekday = new Intl.DateTimeFormat('zh', { weekday: 'short', timeZone: 'UTC' }).format(new Date(`${year}-01-01T00:00:00Z`));
    const [row] = await within(page).findAllByTestId('holiday-row');
    expect(row.textContent!.replace(/\u2060/g, '')).toBe(`${year}/01/01（${weekday}）元旦`);
    expect(within(page).getByTestId('calendar-week').textContent!.replace(/\u2060/g, '')).toMatch(/星期日、星期六$/);
    expect(contentChecks({ lang: 'zh', latinAllowed: [] }).filter((f) => f.check === 'punctuation')).toEqual([]);
  }, 90_000); // the whole app over a fake network: slow on a loaded machine, not a timing assertion
});
