import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers';

/**
 * The definitions revision is read at most every `maxAgeMs` (DEFINITIONS_CHECK_MS) per process:
 * a publish through another instance (here: the revision moved in the database behind this
 * process's back) is seen once the bound has passed or with `maxAgeMs` 0; a publish through this
 * process (`store.changed()`) at once. A refresh swaps in a new set; the old value is never changed.
 */
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const bump = () => sql`update definition_revision set revision = revision + 1 where id = 1`.execute(t.db);

describe('definitions revision check', () => {
  it('trusts a recent read within maxAgeMs, reads again with 0 or after a local publish', async () => {
    const start = (await t.app.definitionStore.refresh()).revision;
    await bump();
    // Within the bound: the read made just now still counts, the other instance's publish is not seen yet.
    expect((await t.app.definitionStore.refresh(60_000)).revision).toBe(start);
    // maxAgeMs 0 (start-up, DEFINITIONS_CHECK_MS=0) always reads.
    expect((await t.app.definitionStore.refresh(0)).revision).toBe(start + 1);
    await bump();
    expect((await t.app.definitionStore.refresh(60_000)).revision).toBe(start + 1);
    // A publish committed by this process forgets the last read: the next request sees it.
    t.app.definitionStore.changed();
    expect((await t.app.definitionStore.refresh(60_000)).revision).toBe(start + 2);
  });

  it('a publish through the studio route takes effect on this instance without waiting', async () => {
    const before = (await t.app.definitionStore.refresh(60_000)).revision;
    const token = await t.login('admin@example.com');
    const response = await t.app.inject({ method: 'POST', url: '/api/module-definitions/reimbursement/disable', headers: { authorization: `Bearer ${token}` } });
    expect(response.statusCode, response.body).toBe(200);
    const old = t.app.definitions;
    const live = await t.app.definitionStore.refresh(60_000);
    expect(live.revision).toBe(before + 1);
    expect(live.disabled.has('reimbursement')).toBe(true);
    // Swapped, never mutated: a request that held the old set keeps what it had.
    expect(live).not.toBe(old);
    expect(old.disabled.has('reimbursement')).toBe(false);
    expect(Object.isFrozen(live)).toBe(true);
  });
});

describe('a signed-in request reads the revision with its user', () => {
  let slow: TestApp;
  beforeAll(async () => {
    slow = await buildTestApp({ definitionsCheckMs: 60_000 });
  });
  afterAll(() => slow?.close());

  it('a module disabled through another instance is hidden from the next read and refuses the next draft, whatever the bound', async () => {
    const employee = await slow.login('employee@example.com');
    const headers = { authorization: `Bearer ${employee}`, 'accept-language': 'en' };
    const listed = async () => (await slow.app.inject({ method: 'GET', url: '/api/module-definitions', headers })).json()['hydra:member'].map((m: { code: string }) => m.code) as string[];
    const [code] = await listed();
    // Another instance disables it: the flag and the revision move in the database behind this process.
    await sql`insert into module_states (code, disabled) values (${code}, true) on conflict (code) do update set disabled = true`.execute(slow.db);
    await sql`update definition_revision set revision = revision + 1 where id = 1`.execute(slow.db);
    // The sign-in check read the new revision with the user: no lag even for a read, with a 60 s bound.
    expect(await listed()).not.toContain(code);
    const draft = await slow.app.inject({ method: 'POST', url: '/api/buffer_temporaries', headers, payload: { module_code: code, data: {} } });
    expect([draft.statusCode, draft.json().message]).toEqual([409, `The module "${code}" is disabled: it takes no new documents`]);
    expect(await slow.db.selectFrom('buffer_temporaries').select('id').where('module_code', '=', code).execute()).toEqual([]);
  });
});
