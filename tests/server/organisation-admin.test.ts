/**
 * Positions and company calendars as organisation data (issue #20 items 1 and 9), changed through
 * approval like users and companies: a request is filed, nothing changes while it is pending, the
 * final approval applies it; bad input is refused with a message per field and files nothing;
 * the server decides who may file (a group admin for any company, a company authorizer for their
 * own) and who may approve (the step's candidates). Retiring a position a published route names
 * or a post holds is refused; a studio publish refuses a route naming an unknown position.
 */
import { describe, expect, it } from 'vitest';
import { businessDaysWaited, copySource, type ModuleSource } from '../../src/engine';
import { companyCalendar } from '../../server/repositories/calendar-repository';
import { approveEveryStep, companyRefs, wrapperFor } from './admin-fixtures';
import { type WorkflowSuite, workflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

/** The entity modules of a kind, from the definitions in force (no module code written here). */
function moduleOf(kind: string): string {
  const codes = Object.values(s.t.app.definitions.modules).filter((m) => m.kind === 'module' && m.meta.entity?.kind === kind).map((m) => m.code);
  expect(codes, `one module files "${kind}" changes`).toHaveLength(1);
  return codes[0];
}

const buffers = async () => Number((await s.t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
const positionsOf = async (company: number, all = false) =>
  (await s.get('admin', `/api/companies/${company}/positions${all ? '?includeRetired=1' : ''}`)).json()['hydra:member'] as Array<Record<string, unknown>>;
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

async function position(company: number, over: Record<string, unknown> = {}) {
  return {
    ...(await wrapperFor(s.t.db, moduleOf('position'), s.users)),
    company_id: company, code: 'project-lead', name: 'Project lead', name_ja: 'プロジェクトリーダー', name_zh: '项目负责人', effective_from: null, retired_on: null, ...over,
  };
}

/** Files a request as `who` and approves it to the end; answers the new or changed entity id. */
async function fileAndApprove(who: string, url: string, body: unknown): Promise<number> {
  const filed = await s.post(who, url, body);
  expect(filed.statusCode, filed.body).toBe(201);
  await approveEveryStep(s.t.db, s.post, filed.json().id);
  const row = await s.t.db.selectFrom('buffers').select(['status', 'target_id']).where('id', '=', filed.json().id).executeTakeFirstOrThrow();
  expect(row.status).toBe(2);
  return row.target_id!;
}

describe('positions through approval', () => {
  it('creates, renames and (dated) retires a position only when each request completes', async () => {
    const code = moduleOf('position');
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const filed = await s.post('admin', `/api/buffer/${code}`, await position(rh));
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await positionsOf(rh)).some((p) => p.code === 'project-lead')).toBe(false);
    await approveEveryStep(s.t.db, s.post, filed.json().id);
    const created = (await positionsOf(rh)).find((p) => p.code === 'project-lead');
    expect(created).toMatchObject({ name: 'Project lead', name_ja: 'プロジェクトリーダー', state: 'active', holders: 0 });
    const id = created!.id as number;

    // A rename: pending changes nothing, the approval does; names in the request language.
    const renamed = await s.post('admin', `/api/buffer/${code}/${id}/edit`, await position(rh, { name: 'Project manager', name_ja: 'プロジェクトマネージャー', name_zh: '项目经理' }));
    expect(renamed.statusCode, renamed.body).toBe(201);
    // A second change of the same position waits for the first.
    expect((await s.post('admin', `/api/buffer/${code}/${id}/edit`, await position(rh, { name: 'Other' }))).statusCode).toBe(409);
    expect((await positionsOf(rh)).find((p) => p.id === id)).toMatchObject({ name: 'Project lead' });
    await approveEveryStep(s.t.db, s.post, renamed.json().id);
    expect((await positionsOf(rh)).find((p) => p.id === id)).toMatchObject({ name: 'Project manager', name_zh: '项目经理' });
    const ja = await s.t.app.inject({ method: 'GET', url: `/api/companies/${rh}/positions`, headers: { authorization: `Bearer ${await s.auth('admin')}`, 'accept-language': 'ja' } });
    expect(ja.json()['hydra:member'].find((p: { id: number }) => p.id === id).name).toBe('プロジェクトマネージャー');

    // Retired from a later day: still listed until then, with the date; a user post may still name it until then.
    await fileAndApprove('admin', `/api/buffer/${code}/${id}/edit`, await position(rh, { name: 'Project manager', name_ja: 'プロジェクトマネージャー', name_zh: '项目经理', retired_on: isoDay(30) }));
    expect((await positionsOf(rh)).find((p) => p.id === id)).toMatchObject({ retired_on: isoDay(30), state: 'active' });
    // Retired from today: gone from the list (kept with includeRetired), no longer editable.
    await s.t.db.updateTable('positions').set({ retired_on: isoDay(0) }).where('id', '=', id).execute();
    expect((await positionsOf(rh)).some((p) => p.id === id)).toBe(false);
    expect((await positionsOf(rh, true)).find((p) => p.id === id)).toMatchObject({ state: 'retired' });
    expect((await s.post('admin', `/api/buffer/${code}/${id}/edit`, await position(rh))).statusCode).toBe(404);
  });

  it('a position starting later is scheduled, and route resolution reads a post with it only from that day', async () => {
    const code = moduleOf('position');
    const rt = await companyRefs(s.t.db, 'RT');
    const id = await fileAndApprove('admin', `/api/buffer/${code}`, await position(rt.company, { code: 'site-lead', effective_from: isoDay(10) }));
    expect((await positionsOf(rt.company)).find((p) => p.id === id)).toMatchObject({ state: 'scheduled', effective_from: isoDay(10) });
    const { loadOrganisation } = await import('../../server/workflow/filing/route-resolution');
    await s.t.db.insertInto('user_posts').values({ user_id: s.users['rt.authorizer'].id, department_id: rt.department, position_code: 'site-lead', effective_from: null, effective_to: null }).execute();
    const holders = async (day: string) => (await loadOrganisation(s.t.db, { requesterId: s.users.employee.id, companyId: rt.company, emails: [], day }))
      .organisation.posts.filter((p) => p.position === 'site-lead').map((p) => p.user_id);
    expect(await holders(isoDay(9))).toEqual([]);
    expect(await holders(isoDay(10))).toEqual([s.users['rt.authorizer'].id]);
    await s.t.db.deleteFrom('user_posts').where('position_code', '=', 'site-lead').execute();
  });

  it('refuses bad requests with a message at the field, and files nothing', async () => {
    const code = moduleOf('position');
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const head = (await positionsOf(rh)).find((p) => p.code === 'head')!;
    const headBody = { name: head.name_en, name_ja: head.name_ja, name_zh: head.name_zh, code: 'head' };
    const cases: Array<{ url: string; body: Record<string, unknown>; path: string; message: RegExp }> = [
      { url: `/api/buffer/${code}`, body: { code: 'Bad Code!' }, path: 'code', message: /lowercase letters/ },
      { url: `/api/buffer/${code}`, body: { code: 'head' }, path: 'code', message: /already has a position with the code "head"/ },
      { url: `/api/buffer/${code}`, body: { code: 'auditor', retired_on: isoDay(5) }, path: 'retired_on', message: /new position cannot be retired/ },
      { url: `/api/buffer/${code}`, body: { code: 'auditor', name: '' }, path: 'name', message: /English name/ },
      { url: `/api/buffer/${code}`, body: { code: 'auditor', effective_from: '2027-02-30' }, path: 'effective_from', message: /YYYY\/MM\/DD/ },
      { url: `/api/buffer/${code}/${head.id}/edit`, body: { ...headBody, code: 'chief' }, path: 'code', message: /code cannot change/ },
      { url: `/api/buffer/${code}/${head.id}/edit`, body: { ...headBody, retired_on: '2020-01-01' }, path: 'retired_on', message: /not in the past/ },
      // Published routes resolve "head" (every module's manager step): retiring it is refused, naming them.
      { url: `/api/buffer/${code}/${head.id}/edit`, body: { ...headBody, retired_on: isoDay(1) }, path: 'retired_on', message: /named by the approval route of: .*Change those routes/ },
    ];
    for (const c of cases) {
      const before = await buffers();
      const reply = await s.post('admin', c.url, await position(rh, c.body));
      expect(reply.statusCode, `${c.path}: ${reply.body}`).toBe(422);
      const violations = reply.json().violations as Array<{ propertyPath: string; message: string }>;
      expect(violations.find((v) => v.propertyPath === c.path)?.message, reply.body).toMatch(c.message);
      expect(await buffers()).toBe(before);
    }
    expect((await positionsOf(rh)).find((p) => p.code === 'head')).toMatchObject({ retired_on: null, state: 'active' });
  });

  it('refuses to retire a position a post holds on that day, and the apply re-checks it', async () => {
    const code = moduleOf('position');
    const rh = await companyRefs(s.t.db, 'RH');
    const id = await fileAndApprove('admin', `/api/buffer/${code}`, await position(rh.company, { code: 'safety-officer' }));
    const body = await position(rh.company, { code: 'safety-officer', retired_on: isoDay(3) });
    const post = { user_id: s.users.employee.id, department_id: rh.department, position_code: 'safety-officer', effective_from: null, effective_to: null };
    await s.t.db.insertInto('user_posts').values(post).execute();
    const held = await s.post('admin', `/api/buffer/${code}/${id}/edit`, body);
    expect(held.statusCode).toBe(422);
    expect(held.json().violations[0].message).toMatch(/1 user\(s\) of the company still hold position "safety-officer"/);
    // A post that ends before the day does not hold it: filed; a post taking it while the request waits refuses the approval.
    await s.t.db.updateTable('user_posts').set({ effective_to: isoDay(1) }).where('position_code', '=', 'safety-officer').execute();
    const filed = await s.post('admin', `/api/buffer/${code}/${id}/edit`, body);
    expect(filed.statusCode, filed.body).toBe(201);
    await s.t.db.updateTable('user_posts').set({ effective_to: null }).where('position_code', '=', 'safety-officer').execute();
    const steps = await s.t.db.selectFrom('approvals').select('id').where('buffer_id', '=', filed.json().id).where('status', '=', 0).orderBy('position').execute();
    const last = steps[steps.length - 1].id;
    for (const step of steps.slice(0, -1)) {
      const who = await s.t.db.selectFrom('approval_candidates').innerJoin('users', 'users.id', 'approval_candidates.user_id').select('email').where('approval_id', '=', step.id).executeTakeFirstOrThrow();
      expect((await s.post(who.email.split('@')[0], `/api/approvals/${step.id}/action`, { approve: true })).statusCode).toBe(200);
    }
    const lastActor = await s.t.db.selectFrom('approval_candidates').innerJoin('users', 'users.id', 'approval_candidates.user_id').select('email').where('approval_id', '=', last).executeTakeFirstOrThrow();
    const refused = await s.post(lastActor.email.split('@')[0], `/api/approvals/${last}/action`, { approve: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/still hold position "safety-officer"/);
    expect((await positionsOf(rh.company)).find((p) => p.id === id)).toMatchObject({ retired_on: null });
    await s.t.db.deleteFrom('user_posts').where('position_code', '=', 'safety-officer').execute();
  });

  it('is filed by a group admin for any company or a company authorizer for their own; approved only by the step\'s candidates', async () => {
    const code = moduleOf('position');
    const ap = (await companyRefs(s.t.db, 'AP')).company;
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const before = await buffers();
    const employee = await s.post('employee', `/api/buffer/${code}`, await position(rh, { code: 'clerk' }));
    expect(employee.statusCode).toBe(403);
    expect(employee.json().message).toMatch(/group admin, or the company authorizer/);
    expect((await s.post('ap.authorizer', `/api/buffer/${code}`, await position(rh, { code: 'clerk' }))).statusCode).toBe(403);
    expect(await buffers()).toBe(before);
    const own = await s.post('ap.authorizer', `/api/buffer/${code}`, await position(ap, { code: 'clerk' }));
    expect(own.statusCode, own.body).toBe(201);
    // Nobody but the active step's candidates approves it: not the requester (403), not a stranger (404: not theirs to see).
    const active = await s.t.db.selectFrom('approvals').select('id').where('buffer_id', '=', own.json().id).where('active', '=', true).executeTakeFirstOrThrow();
    expect((await s.post('ap.authorizer', `/api/approvals/${active.id}/action`, { approve: true })).statusCode).toBe(403);
    expect((await s.post('employee', `/api/approvals/${active.id}/action`, { approve: true })).statusCode).toBe(404);
    expect((await positionsOf(ap)).some((p) => p.code === 'clerk')).toBe(false);
  });

  it('a studio publish refuses a route naming an unknown position, accepts a known one, and then the position cannot be retired', async () => {
    const positionModule = moduleOf('position');
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const admin = await s.auth('admin');
    const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
      s.t.app.inject({ method, url, headers: { authorization: `Bearer ${admin}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });
    const source = copySource((await call('GET', '/api/module-definitions/purchase/source')).json(), 'quality-check') as ModuleSource;
    const steps = source.process!.steps;
    source.process = { steps: [{ ...steps[0], approvers: [{ position: 'quality-lead', of: 'company' }] }, ...steps.slice(1)] };
    const refused = await call('POST', '/api/module-definitions', source);
    expect(refused.statusCode).toBe(422);
    expect(JSON.stringify(refused.json())).toMatch(/unknown position \\"quality-lead\\"/);

    const id = await fileAndApprove('admin', `/api/buffer/${positionModule}`, await position(rh, { code: 'quality-lead' }));
    const published = await call('POST', '/api/module-definitions', source);
    expect(published.statusCode, published.body).toBe(201);
    const retire = await s.post('admin', `/api/buffer/${positionModule}/${id}/edit`, await position(rh, { code: 'quality-lead', retired_on: isoDay(1) }));
    expect(retire.statusCode).toBe(422);
    expect(retire.json().violations[0].message).toMatch(/"quality-lead" is named by the approval route of: /);
  });
});

describe('company calendars through approval', () => {
  const calendarOf = async (company: number, year: number) => (await s.get('admin', `/api/companies/${company}/calendar?year=${year}`)).json();
  async function calendar(company: number, year: number, over: Record<string, unknown> = {}) {
    const current = await calendarOf(company, year);
    return {
      ...(await wrapperFor(s.t.db, moduleOf('calendar'), s.users)),
      company_id: company, year, weekend_days: current.weekend_days,
      holidays: current.holidays.map((h: { date: string; name: string; working: boolean }) => ({ date: h.date, name: h.name, name_ja: null, name_zh: null, working: h.working })),
      ...over,
    };
  }

  it('adds and removes a year\'s dates and changes the week on approval; reminders count with the new calendar', async () => {
    const code = moduleOf('calendar');
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const year = new Date().getUTCFullYear() + 1;
    const body = await calendar(rh, year);
    const kept = body.holidays.slice(1);
    const added = { date: `${year}-06-15`, name: 'Founders day', name_ja: '創立記念日', name_zh: '公司成立纪念日', working: false };
    const filed = await s.post('admin', `/api/buffer/${code}/${rh}/edit`, { ...body, holidays: [...kept, added], weekend_days: [0] });
    expect(filed.statusCode, filed.body).toBe(201);
    expect((await calendarOf(rh, year)).holidays.some((h: { date: string }) => h.date === added.date)).toBe(false);
    // The 16th is a Tuesday after the holiday in the test year or not: count a span that crosses the added date.
    const before = await companyCalendar(s.t.db, rh);
    await approveEveryStep(s.t.db, s.post, filed.json().id);
    const after = await calendarOf(rh, year);
    expect(after.weekend_days).toEqual([0]);
    expect(after.holidays.map((h: { date: string }) => h.date)).toEqual([...kept.map((h: { date: string }) => h.date), added.date].sort());
    if (body.holidays[0]) expect(after.holidays.some((h: { date: string }) => h.date === body.holidays[0].date)).toBe(false);
    const ja = await s.t.app.inject({ method: 'GET', url: `/api/companies/${rh}/calendar?year=${year}`, headers: { authorization: `Bearer ${await s.auth('admin')}`, 'accept-language': 'ja' } });
    expect(ja.json().holidays.find((h: { date: string }) => h.date === added.date).name).toBe('創立記念日');
    // The reminder count: the same week, before and after (Saturday now worked, the added date off).
    const from = new Date(`${year}-06-12T00:00:00Z`);
    const to = new Date(`${year}-06-19T00:00:00Z`);
    const now = await companyCalendar(s.t.db, rh);
    expect(businessDaysWaited(from, to, now)).not.toBe(businessDaysWaited(from, to, before));
    expect(now.holidays.has(added.date)).toBe(true);
    // Other years are untouched.
    expect((await calendarOf(rh, year - 1)).holidays.length).toBeGreaterThanOrEqual(0);
  });

  it('refuses bad calendars with a message at the field, and files nothing', async () => {
    const code = moduleOf('calendar');
    const rt = (await companyRefs(s.t.db, 'RT')).company;
    const year = new Date().getUTCFullYear();
    const day = (date: string, over: Record<string, unknown> = {}) => ({ date, name: 'Day', name_ja: null, name_zh: null, working: false, ...over });
    // A Wednesday and a Saturday of the year.
    const weekday = [...Array(7)].map((_, i) => `${year}-03-0${i + 1}`).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 3)!;
    const cases: Array<{ over: Record<string, unknown>; path: string; message: RegExp }> = [
      { over: { year: year + 50 }, path: 'year', message: /year must be between/ },
      { over: { holidays: [day(`${year + 1}-01-02`)] }, path: 'holidays[0].date', message: new RegExp(`is not in ${year}`) },
      { over: { holidays: [day(`${year}-05-05`), day(`${year}-05-05`)] }, path: 'holidays[1].date', message: /listed twice/ },
      { over: { holidays: [day(`${year}-02-30`)] }, path: 'holidays', message: /YYYY\/MM\/DD/ },
      { over: { holidays: [day(weekday, { working: true })] }, path: 'holidays[0].working', message: /working day already/ },
      { over: { weekend_days: [0, 1, 2, 3, 4, 5, 6] }, path: 'weekend_days', message: /At least one day/ },
      { over: { holidays: [day(`${year}-05-05`, { name: '' })] }, path: 'holidays', message: /name for every date/ },
    ];
    for (const c of cases) {
      const before = await buffers();
      const reply = await s.post('admin', `/api/buffer/${code}/${rt}/edit`, await calendar(rt, year, c.over));
      expect(reply.statusCode, `${c.path}: ${reply.body}`).toBe(422);
      const violations = reply.json().violations as Array<{ propertyPath: string; message: string }>;
      expect(violations.find((v) => v.propertyPath === c.path)?.message, reply.body).toMatch(c.message);
      expect(await buffers()).toBe(before);
    }
  });

  it('only a group admin or the company\'s authorizer files a calendar change; creating or deleting a calendar is not offered', async () => {
    const code = moduleOf('calendar');
    const rh = (await companyRefs(s.t.db, 'RH')).company;
    const ap = (await companyRefs(s.t.db, 'AP')).company;
    const year = new Date().getUTCFullYear();
    expect((await s.post('employee', `/api/buffer/${code}/${rh}/edit`, await calendar(rh, year))).statusCode).toBe(403);
    expect((await s.post('ap.authorizer', `/api/buffer/${code}/${rh}/edit`, await calendar(rh, year))).statusCode).toBe(403);
    expect((await s.post('ap.authorizer', `/api/buffer/${code}/${ap}/edit`, await calendar(ap, year))).statusCode).toBe(201);
    expect((await s.post('admin', `/api/buffer/${code}/${rh}/delete`, {})).statusCode).toBe(404);
    expect((await s.post('admin', `/api/buffer/${code}/999999/edit`, await calendar(rh, year))).statusCode).toBe(404);
  });
});
