import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { toApiDate } from '../../src/engine';
import type { TestApp } from './helpers';
import { loadDocumentState } from '../../server/workflow/core/document-state';
import { filePurchase, insertDocument, purchaseBody, type Getter, type Poster, type Users, workflowSuite, type Auth } from './workflow-fixtures';

// Deputies (代理, issue #20 item 6) through the real routes on a fresh embedded database.
// The principal is approver@ (Kenji Sato), the deputy aiko.ito@ (a colleague with no steps of her own).
let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
let auth: Auth;
workflowSuite((suite) => ({ t, users, post, get, auth } = suite));

const day = (offset: number) => toApiDate(new Date(Date.now() + offset * 86_400_000))!;
const PRINCIPAL = 'approver';
const DEPUTY = 'aiko.ito';
const del = async (user: string, id: number) => t.app.inject({ method: 'DELETE', url: `/api/deputies/${id}`, headers: { authorization: `Bearer ${await auth(user)}` } });

/** Every pending step of a user: step id → {module, requester, on_behalf_of}. */
async function pending(user: string) {
  const found = new Map<number, { module: string; requester: number; on_behalf_of: number | null }>();
  for (let page = 1; ; page += 1) {
    const reply = await get(user, `/api/approvals/my?itemsPerPage=100&page=${page}`);
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    for (const item of body['hydra:member']) found.set(item.id, { module: item.master_process.module.code, requester: item.buffer.requester.id, on_behalf_of: item.on_behalf_of?.id ?? null });
    if (body['hydra:member'].length < 100) {
      expect(found.size).toBe(body['hydra:totalItems']);
      return found;
    }
  }
}

let counter = 0;
const insert = (module: string, requester: number, steps: Array<{ process: string; candidates: number[] }>) =>
  insertDocument(t.db, { module, requester, steps, code: `DEP-${module}-${(counter += 1)}` });

/** Two step processes of a module (the first two of its definition). */
async function processesOf(module: string) {
  const rows = await t.db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select('processes.code').where('module_code', '=', module).where('retired_at', 'is', null).orderBy('position').execute();
  return rows.map((r) => r.code);
}

describe('deputy arrangements: POST/GET/DELETE /deputies', () => {
  it('stores, lists and deletes the signed-in user\'s own arrangements', async () => {
    const created = await post(PRINCIPAL, '/api/deputies', { deputy_id: users[DEPUTY].id, from: day(0), to: day(3), module_codes: ['purchase'] });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ principal: { id: users[PRINCIPAL].id }, deputy: { id: users[DEPUTY].id, name: users[DEPUTY].name }, from: day(0), to: day(3), module_codes: ['purchase'], state: 'active' });
    const later = await post(PRINCIPAL, '/api/deputies', { deputy_id: users.legal.id, from: day(5), to: day(6) });
    expect(later.json()).toMatchObject({ module_codes: null, state: 'upcoming' });
    const list = (await get(PRINCIPAL, '/api/deputies')).json();
    expect(list['hydra:member'].map((a: any) => a.id)).toEqual([created.json().id, later.json().id]);
    // Someone else's arrangements are neither listed nor deletable.
    expect((await get(DEPUTY, '/api/deputies')).json()['hydra:totalItems']).toBe(0);
    expect((await del(DEPUTY, created.json().id)).statusCode).toBe(404);
    expect((await del(PRINCIPAL, created.json().id)).statusCode).toBe(204);
    expect((await del(PRINCIPAL, later.json().id)).statusCode).toBe(204);
    expect((await del(PRINCIPAL, later.json().id)).statusCode).toBe(404);
    expect((await get(PRINCIPAL, '/api/deputies')).json()['hydra:totalItems']).toBe(0);
  });

  it('answers bad input with 422 and a message per field, storing nothing', async () => {
    const disabled = users['chen.hao'];
    await t.db.updateTable('users').set({ disabled: true }).where('id', '=', disabled.id).execute();
    const good = { deputy_id: users[DEPUTY].id, from: day(0), to: day(2) };
    const cases: Array<[unknown, string, RegExp]> = [
      [{ ...good, deputy_id: users[PRINCIPAL].id }, 'deputy_id', /your own deputy/],
      [{ ...good, deputy_id: 999999 }, 'deputy_id', /does not exist/],
      [{ ...good, deputy_id: disabled.id }, 'deputy_id', /disabled/],
      [{ ...good, deputy_id: users.client.id }, 'deputy_id', /member of the group or of your own company/],
      [{ ...good, deputy_id: 'x' }, 'deputy_id', /Choose the deputy/],
      [{ ...good, from: '2026/01/01' }, 'from', /YYYY-MM-DD/],
      [{ ...good, to: '2026-02-30' }, 'to', /YYYY-MM-DD/],
      [{ ...good, from: day(3), to: day(1) }, 'to', /before the start date/],
      [{ ...good, from: day(-5), to: day(-1) }, 'to', /already ended/],
      [{ ...good, from: day(-1) }, 'from', /cannot start in the past/],
      [{ ...good, module_codes: ['purchase', 'no-such-module'] }, 'module_codes[1]', /"no-such-module" is not a module/],
      [{ ...good, module_codes: 'purchase' }, 'module_codes', /list of module codes/],
      [{ ...good, extra: 1 }, 'extra', /Unknown field "extra"/],
      [[1, 2], '', /Send \{"deputy_id"/],
    ];
    for (const [body, path, message] of cases) {
      const reply = await post(PRINCIPAL, '/api/deputies', body);
      expect(reply.statusCode, JSON.stringify(body)).toBe(422);
      expect(reply.json().code).toBe('VALIDATION_FAILED');
      const violation = reply.json().violations.find((v: any) => v.propertyPath === path);
      expect(violation?.message, JSON.stringify(body)).toMatch(message);
    }
    // The same deputy for an overlapping period and a shared module: refused; another module or another deputy: fine.
    const first = await post(PRINCIPAL, '/api/deputies', { ...good, module_codes: ['purchase'] });
    expect(first.statusCode).toBe(201);
    const overlap = await post(PRINCIPAL, '/api/deputies', { ...good, from: day(1), to: day(4) });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json().violations[0]).toMatchObject({ propertyPath: 'from', message: expect.stringMatching(/overlapping/) });
    const otherModule = await post(PRINCIPAL, '/api/deputies', { ...good, module_codes: ['payment'] });
    expect(otherModule.statusCode).toBe(201);
    const otherDeputy = await post(PRINCIPAL, '/api/deputies', { ...good, deputy_id: users.legal.id });
    expect(otherDeputy.statusCode).toBe(201);
    expect((await t.db.selectFrom('deputies').select('id').where('principal_id', '=', users[PRINCIPAL].id).execute()).length).toBe(3);
    for (const reply of [first, otherModule, otherDeputy]) expect((await del(PRINCIPAL, reply.json().id)).statusCode).toBe(204);
    await t.db.updateTable('users').set({ disabled: false }).where('id', '=', disabled.id).execute();
  });

  it('refuses a start in the past (issue #30) at `from`, in the reader\'s language, storing nothing; today is fine', async () => {
    const before = (await get(PRINCIPAL, '/api/deputies')).json()['hydra:totalItems'];
    const body = { deputy_id: users['daichi.kato'].id, from: day(-3), to: day(2) };
    const messages: Record<string, string> = {
      en: 'An arrangement cannot start in the past: the start date must be today or later.',
      ja: '代理は過去の日付から開始できません。開始日は今日以降にしてください。',
      zh: '代理安排不能从过去开始：开始日期必须是今天或以后。',
    };
    for (const [lang, message] of Object.entries(messages)) {
      const reply = await post(PRINCIPAL, '/api/deputies', body, { 'accept-language': lang });
      expect(reply.statusCode, lang).toBe(422);
      expect(reply.json().violations, lang).toEqual([{ propertyPath: 'from', message }]);
    }
    expect((await get(PRINCIPAL, '/api/deputies')).json()['hydra:totalItems']).toBe(before);
    const today = await post(PRINCIPAL, '/api/deputies', { ...body, from: day(0) });
    expect(today.statusCode, today.body).toBe(201);
    expect((await del(PRINCIPAL, today.json().id)).statusCode).toBe(204);
  });
});

describe('deputy visibility matrix', () => {
  it('shows the deputy exactly the principal\'s pending steps within the period and modules, never their own documents', async () => {
    const P = users[PRINCIPAL].id;
    const D = users[DEPUTY].id;
    const [purchaseFirst, purchaseSecond] = await processesOf('purchase');
    const [paymentFirst] = await processesOf('payment');
    // Documents made for the matrix, besides whatever the demo data has waiting for the principal.
    const waits = await insert('purchase', users.employee.id, [{ process: purchaseFirst, candidates: [P] }]);
    const otherModule = await insert('payment', users.employee.id, [{ process: paymentFirst, candidates: [P, users.finance.id] }]);
    const deputysOwn = await insert('purchase', D, [{ process: purchaseFirst, candidates: [P] }]);
    const notYet = await insert('purchase', users.employee.id, [{ process: purchaseFirst, candidates: [users.legal.id] }, { process: purchaseSecond, candidates: [P] }]);
    const withdrawn = await insert('purchase', users.employee.id, [{ process: purchaseFirst, candidates: [P] }]);
    await t.db.updateTable('buffers').set({ status: 10 }).where('id', '=', withdrawn.id).execute();
    const decided = await insert('purchase', users.employee.id, [{ process: purchaseFirst, candidates: [P, users.legal.id] }]);
    await t.db.updateTable('approvals').set({ mode: 'all', required: 2 }).where('id', '=', decided.steps[0]).execute();
    await t.db.updateTable('approval_candidates').set({ decision: 1, decided_at: new Date() }).where('approval_id', '=', decided.steps[0]).where('user_id', '=', P).execute();

    const principalPending = await pending(PRINCIPAL);
    const own = await pending(DEPUTY);
    expect(principalPending.has(waits.steps[0])).toBe(true);
    expect(principalPending.has(decided.steps[0])).toBe(false);
    const steps = [waits, otherModule, deputysOwn, notYet, withdrawn, decided].map((d) => d.steps[0]);

    /** What the deputy must see: their own steps plus the principal's pending steps of `modules` (null: all) not filed by the deputy. */
    const expected = (modules: string[] | null) => new Set([...own.keys(), ...[...principalPending].filter(([, s]) => s.requester !== D && (modules === null || modules.includes(s.module))).map(([id]) => id)]);
    const check = async (modules: string[] | null, label: string) => {
      const seen = await pending(DEPUTY);
      expect(new Set(seen.keys()), label).toEqual(expected(modules));
      for (const [id, item] of seen) expect(item.on_behalf_of, label).toBe(own.has(id) ? null : P);
      // The document view and its `can` follow the same rule, for every matrix document.
      for (const step of steps) {
        const reply = await get(DEPUTY, `/api/approvals/${step}/buffer`);
        const shouldAct = expected(modules).has(step);
        if (step === deputysOwn.steps[0]) {
          expect(reply.statusCode, label).toBe(200); // the deputy filed it: sees it, never acts
          expect(reply.json().can.approve, label).toBe(false);
        } else {
          expect(reply.statusCode, `${label} step ${step}`).toBe(shouldAct ? 200 : 404);
          if (shouldAct) expect(reply.json()).toMatchObject({ can: { approve: true, reject: true }, acting_for: { id: P } });
        }
      }
    };

    // No arrangement: only the deputy's own.
    expect(new Set((await pending(DEPUTY)).keys())).toEqual(new Set(own.keys()));
    // In effect, every module.
    // Started yesterday (stored directly: the API refuses a start in the past) and still in effect.
    const all = await t.db.insertInto('deputies').values({ principal_id: P, deputy_id: D, from_date: day(-1), to_date: day(1), module_codes: null }).returning('id').executeTakeFirstOrThrow();
    await check(null, 'all modules');
    await del(PRINCIPAL, all.id);
    // In effect, purchase only.
    const purchaseOnly = (await post(PRINCIPAL, '/api/deputies', { deputy_id: D, from: day(0), to: day(0), module_codes: ['purchase'] })).json();
    await check(['purchase'], 'purchase only');
    expect(expected(['purchase']).has(otherModule.steps[0])).toBe(false);
    await del(PRINCIPAL, purchaseOnly.id);
    // Upcoming (from tomorrow) and ended (until yesterday, stored directly: the API refuses an ended period): nothing.
    const upcoming = (await post(PRINCIPAL, '/api/deputies', { deputy_id: D, from: day(1), to: day(9) })).json();
    await t.db.insertInto('deputies').values({ principal_id: P, deputy_id: D, from_date: day(-9), to_date: day(-1), module_codes: null }).execute();
    await check([], 'upcoming and ended');
    // A disabled deputy acts for nobody; the arrangement of someone else's principal is not the deputy's.
    await del(PRINCIPAL, upcoming.id);
    await t.db.deleteFrom('deputies').execute();
    const forLegal = await t.db.insertInto('deputies').values({ principal_id: users.legal.id, deputy_id: D, from_date: day(0), to_date: day(0), module_codes: null }).returning('id').executeTakeFirstOrThrow();
    const legalPending = await pending('legal');
    const seen = await pending(DEPUTY);
    expect(seen.has(notYet.steps[0])).toBe(true);
    expect(seen.has(decided.steps[0])).toBe(legalPending.has(decided.steps[0]));
    expect(seen.has(waits.steps[0])).toBe(false);
    await t.db.deleteFrom('deputies').where('id', '=', forLegal.id).execute();
  });

  it('offers a pending step to exactly the deputies in effect today for its module, enabled, never the requester — read with the document\'s state', async () => {
    // The document's state names each candidate's deputies in the same statement as its steps
    // (`ringi_document_state`, migration 1411); the visibility rule hides most documents of an
    // ended arrangement, so this reads the state directly: each condition of "in effect" alone.
    const P = users[PRINCIPAL].id;
    const [purchaseFirst, purchaseSecond] = await processesOf('purchase');
    const doc = await insert('purchase', users.employee.id, [{ process: purchaseFirst, candidates: [P] }, { process: purchaseSecond, candidates: [P] }]);
    const others = ['finance', 'legal', 'treasury', 'authorizer', 'aiko.ito'].map((name) => users[name].id);
    const [current, ended, upcoming, otherModule, disabledOne] = others;
    await t.db.insertInto('deputies').values([
      { principal_id: P, deputy_id: current, from_date: day(-1), to_date: day(0), module_codes: JSON.stringify(['purchase']) },
      { principal_id: P, deputy_id: ended, from_date: day(-9), to_date: day(-1), module_codes: null },
      { principal_id: P, deputy_id: upcoming, from_date: day(1), to_date: day(9), module_codes: null },
      { principal_id: P, deputy_id: otherModule, from_date: day(0), to_date: day(0), module_codes: JSON.stringify(['payment']) },
      { principal_id: P, deputy_id: disabledOne, from_date: day(0), to_date: day(0), module_codes: null },
      { principal_id: P, deputy_id: users.employee.id, from_date: day(0), to_date: day(0), module_codes: null },
    ] as never).execute();
    await t.db.updateTable('users').set({ disabled: true }).where('id', '=', disabledOne).execute();
    try {
      const state = (await loadDocumentState(t.db, doc.id))!;
      expect(state.steps[0].deputies).toEqual([{ deputy_id: current, principal_id: P }]);
      // Only the step in progress offers deputies.
      expect(state.steps[1].deputies).toEqual([]);
    } finally {
      await t.db.updateTable('users').set({ disabled: false }).where('id', '=', disabledOne).execute();
      await t.db.deleteFrom('deputies').where('principal_id', '=', P).execute();
    }
  });

  it('refuses a deputy\'s action outside the arrangement (404 invisible, 403 on the deputy\'s own document)', async () => {
    const P = users[PRINCIPAL].id;
    const D = users[DEPUTY].id;
    const [purchaseFirst] = await processesOf('purchase');
    const [paymentFirst] = await processesOf('payment');
    const payment = await insert('payment', users.employee.id, [{ process: paymentFirst, candidates: [P] }]);
    const own = await insert('purchase', D, [{ process: purchaseFirst, candidates: [P] }]);
    const arrangement = (await post(PRINCIPAL, '/api/deputies', { deputy_id: D, from: day(0), to: day(0), module_codes: ['purchase'] })).json();
    expect((await post(DEPUTY, `/api/approvals/${payment.steps[0]}/action`, { approve: true })).statusCode).toBe(404);
    const refused = await post(DEPUTY, `/api/approvals/${own.steps[0]}/action`, { approve: true });
    expect(refused.statusCode).toBe(403);
    const state = await t.db.selectFrom('approvals').select(['status', 'approver_id']).where('id', 'in', [payment.steps[0], own.steps[0]]).execute();
    expect(state).toEqual([{ status: 0, approver_id: null }, { status: 0, approver_id: null }]);
    await del(PRINCIPAL, arrangement.id);
  });
});

describe('acting on behalf', () => {
  it('records deputy and principal on the step and the timeline, in every language, and mails both', async () => {
    const P = users[PRINCIPAL].id;
    const D = users[DEPUTY].id;
    const arrangement = (await post(PRINCIPAL, '/api/deputies', { deputy_id: D, from: day(0), to: day(1) })).json();
    const before = await t.db.selectFrom('mail_outbox').select((eb) => eb.fn.max('id').as('max')).executeTakeFirstOrThrow();
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    const firstStep = await t.db.selectFrom('approval_candidates').select('user_id').where('approval_id', '=', filed.steps[0]).execute();
    expect(firstStep.map((c) => c.user_id)).toContain(P);
    // The "waiting" mail goes to the principal and, naming the principal, to the deputy.
    const mails = await t.db.selectFrom('mail_outbox').select(['to_address', 'subject', 'text']).where('id', '>', Number(before.max ?? 0)).execute();
    expect(mails.some((m) => m.to_address === users[PRINCIPAL].email)).toBe(true);
    const deputyMail = mails.find((m) => m.to_address === users[DEPUTY].email);
    expect(deputyMail?.text).toContain(users[PRINCIPAL].name);

    const acted = await post(DEPUTY, `/api/approvals/${filed.steps[0]}/action`, { approve: true });
    expect(acted.statusCode).toBe(200);
    const step = await t.db.selectFrom('approvals').select(['status', 'approver_id', 'on_behalf_of']).where('id', '=', filed.steps[0]).executeTakeFirstOrThrow();
    expect(step).toEqual({ status: 1, approver_id: D, on_behalf_of: P });
    const log = await t.db.selectFrom('approval_logs').select(['user_id', 'on_behalf_of', 'log_text']).where('approval_id', '=', filed.steps[0]).executeTakeFirstOrThrow();
    expect(log).toEqual({ user_id: D, on_behalf_of: P, log_text: 'approve' });
    const texts: Record<string, string> = {};
    for (const lang of ['en', 'ja', 'zh']) {
      const view = await t.app.inject({ method: 'GET', url: `/api/buffers/${filed.id}`, headers: { authorization: `Bearer ${await auth('employee')}`, 'accept-language': lang } });
      const first = view.json().approvals[0];
      expect(first.approver).toEqual({ id: D, name: users[DEPUTY].name });
      expect(first.on_behalf_of).toEqual({ id: P, name: users[PRINCIPAL].name });
      expect(first.approval_logs[0].on_behalf_of).toEqual({ id: P, name: users[PRINCIPAL].name });
      texts[lang] = first.approval_logs[0].log_text;
      expect(texts[lang]).toContain(users[DEPUTY].name);
      expect(texts[lang]).toContain(users[PRINCIPAL].name);
    }
    expect(texts.en).toBe(`Approved by ${users[DEPUTY].name} on behalf of ${users[PRINCIPAL].name}`);
    expect(new Set(Object.values(texts)).size).toBe(3);
    // Acted: the deputy keeps seeing the document (its log) and finds it on the done list.
    expect((await get(DEPUTY, `/api/buffers/${filed.id}`)).statusCode).toBe(200);
    const done = (await get(DEPUTY, '/api/approvals/my?isDone=1&itemsPerPage=100')).json();
    expect(done['hydra:member'].map((i: any) => i.id)).toContain(filed.steps[0]);
    await del(PRINCIPAL, arrangement.id);
  });

  it('names deputy and principal in the change history (JSON, search and the printed PDF) as the timeline does, the chain verifying', async () => {
    const P = users[PRINCIPAL].id;
    const D = users[DEPUTY].id;
    const arrangement = (await post(PRINCIPAL, '/api/deputies', { deputy_id: D, from: day(0), to: day(0) })).json();
    const filed = await filePurchase(t, await auth('employee'), await purchaseBody(t.db, users));
    // Rejecting changes the document's status: a history entry whose actor is the deputy, for the principal.
    expect((await post(DEPUTY, `/api/approvals/${filed.steps[0]}/action`, { approve: false })).statusCode).toBe(200);
    const reply = await get('employee', `/api/buffers/${filed.id}/history`);
    expect(reply.statusCode, reply.body).toBe(200);
    const entries = reply.json()['hydra:member'] as Array<{ kind: string; reason: string; actor: unknown; on_behalf_of: unknown }>;
    expect(entries.find((e) => e.kind === 'filed')).toMatchObject({ actor: { id: users.employee.id }, on_behalf_of: null });
    expect(entries.find((e) => e.kind === 'status')).toMatchObject({
      reason: 'reject', actor: { id: D, name: users[DEPUTY].name }, on_behalf_of: { id: P, name: users[PRINCIPAL].name },
    });
    expect(reply.json().chain_ok).toBe(true);
    // The principal's name finds the entry (any text of the entry is searchable).
    const found = (await get('employee', `/api/buffers/${filed.id}/history?q=${encodeURIComponent(users[PRINCIPAL].name)}`)).json();
    expect(found['hydra:member'].map((e: { kind: string }) => e.kind)).toEqual(['status']);
    const pdf = await get('employee', `/api/buffers/${filed.id}/history?format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // The principal is in the hash: changing who was stood in for breaks the entry's chain.
    await sql`alter table record_history disable trigger record_history_append_only`.execute(t.db);
    await sql`update record_history set on_behalf_of_id = null where buffer_id = ${filed.id} and kind = 'status'`.execute(t.db);
    await sql`alter table record_history enable trigger record_history_append_only`.execute(t.db);
    expect((await get('employee', `/api/buffers/${filed.id}/history`)).json().chain_ok).toBe(false);
    await del(PRINCIPAL, arrangement.id);
  });

  it('counts a deputy\'s approval in a 合議 step as the principal\'s decision, once', async () => {
    const P = users[PRINCIPAL].id;
    const D = users[DEPUTY].id;
    const [purchaseFirst, purchaseSecond] = await processesOf('purchase');
    const doc = await insert('purchase', users.employee.id, [{ process: purchaseFirst, candidates: [P, users.legal.id] }, { process: purchaseSecond, candidates: [users.authorizer.id] }]);
    await t.db.updateTable('approvals').set({ mode: 'all', required: 2 }).where('id', '=', doc.steps[0]).execute();
    const arrangement = (await post(PRINCIPAL, '/api/deputies', { deputy_id: D, from: day(0), to: day(0) })).json();
    const first = await post(DEPUTY, `/api/approvals/${doc.steps[0]}/action`, { approve: true });
    expect(first.json()).toMatchObject({ status: 0 });
    const mine = await t.db.selectFrom('approval_candidates').select(['user_id', 'decision']).where('approval_id', '=', doc.steps[0]).orderBy('user_id').execute();
    expect(mine.find((c) => c.user_id === P)?.decision).toBe(1);
    // The principal's decision is given: neither the principal nor the deputy counts again.
    expect((await post(PRINCIPAL, `/api/approvals/${doc.steps[0]}/action`, { approve: true })).statusCode).toBe(409);
    expect((await pending(DEPUTY)).has(doc.steps[0])).toBe(false);
    const last = await post('legal', `/api/approvals/${doc.steps[0]}/action`, { approve: true });
    expect(last.json()).toMatchObject({ status: 1 });
    await del(PRINCIPAL, arrangement.id);
  });
});
