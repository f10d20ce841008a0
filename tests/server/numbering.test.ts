import { describe, expect, it } from 'vitest';
import { findModule } from '../../src/engine';
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/database';
import { giveNumbers, type NumberKind } from '../../server/workflow/filing/numbering';
import { approveEveryStep, wrapperFor } from './admin-fixtures';
import { filePurchase, insertDocument, purchaseBody, workflowSuite, type WorkflowSuite } from './workflow-fixtures';

/**
 * Numbering rules per module (issue #36 item 1): the purchase definition numbers its documents
 * (`ui:module.numbering`: application `{company}-{fy}-{module}-{seq:5}` per module, decision
 * `K{company}{fy2}-{seq:5}` shared); the counter is per company, kind, scope and fiscal year.
 */
describe('numbering', () => {
  let s: WorkflowSuite;
  workflowSuite((suite) => { s = suite; });
  const seqOf = (number: string) => Number(number.split('-').at(-1));
  const companyId = async (code: string) => (await s.t.db.selectFrom('companies').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;
  const purchase = () => findModule(s.t.app.definitions, 'purchase');
  /** One number of `kind` by the module's rule, written on a filed document's row as a filing or final approval writes it (its own, overwritten each time). */
  const giveNumber = async (db: Kysely<Database>, module: ReturnType<typeof purchase>, kind: NumberKind, companyId: number, now?: Date) => {
    const id = (await db.selectFrom('buffers').select('id').where('code', '=', 'NUM-ROW-1').executeTakeFirst())?.id
      ?? (await insertDocument(db, { module: 'purchase', requester: s.users.employee.id, code: 'NUM-ROW-1', steps: [] })).id;
    const given = (await giveNumbers(db, module, [kind], companyId, id, now))[kind] ?? null;
    const row = await db.selectFrom('buffers').select(['application_number', 'decision_number']).where('id', '=', id).executeTakeFirstOrThrow();
    if (given !== null) expect(row[kind === 'application' ? 'application_number' : 'decision_number']).toBe(given);
    return given;
  };

  it('gives the application number at submit (in the reply) and the decision number at the final approval', async () => {
    const employee = await s.auth('employee');
    const first = await filePurchase(s.t, employee, await purchaseBody(s.t.db, s.users, { goods: 'Numbered one' }));
    const second = await filePurchase(s.t, employee, await purchaseBody(s.t.db, s.users, { goods: 'Numbered two' }));
    const number = (first as unknown as { application_number: string }).application_number;
    expect(number).toMatch(/^RH-\d{4}-PUR-\d{5}$/);
    expect((second as unknown as { application_number: string }).application_number).toBe(number.replace(/\d{5}$/, String(seqOf(number) + 1).padStart(5, '0')));

    const before = (await s.get('employee', `/api/buffers/${first.id}`)).json();
    expect([before.application_number, before.decision_number]).toEqual([number, null]);
    expect((await s.post('approver', `/api/approvals/${first.steps[0]}/action`, { approve: true })).statusCode).toBe(200);
    expect((await s.get('employee', `/api/buffers/${first.id}`)).json().decision_number).toBeNull();
    expect((await s.post('authorizer', `/api/approvals/${first.steps[1]}/action`, { approve: true })).statusCode).toBe(200);
    const after = (await s.get('employee', `/api/buffers/${first.id}`)).json();
    expect(after.status).toBe(2);
    expect(after.decision_number).toMatch(/^KRH\d{2}-\d{5}$/);

    // Searchable and on the list cards: the initiated list's search finds it by either number.
    for (const term of [number, after.decision_number as string]) {
      const found = (await s.get('employee', `/api/my-buffers?search=${encodeURIComponent(term)}`)).json();
      expect(found['hydra:member'].map((m: { id: number }) => m.id)).toEqual([first.id]);
      expect(found['hydra:member'][0]).toMatchObject({ application_number: number, decision_number: after.decision_number });
    }
  });

  it('does not number a rejected document, and runs a counter per company', async () => {
    const employee = await s.auth('employee');
    const filed = await filePurchase(s.t, employee, await purchaseBody(s.t.db, s.users, { goods: 'Rejected' }));
    expect((await s.post('approver', `/api/approvals/${filed.steps[0]}/action`, { approve: false })).statusCode).toBe(200);
    expect((await s.get('employee', `/api/buffers/${filed.id}`)).json().decision_number).toBeNull();

    const rh = (filed as unknown as { application_number: string }).application_number;
    const rt = await giveNumber(s.t.db, purchase(), 'application', await companyId('RT'));
    const rs = await giveNumber(s.t.db, purchase(), 'application', await companyId('RS'));
    expect(rt).toMatch(/^RT-\d{4}-PUR-00001$/);
    expect(rs).toMatch(/^RS-\d{4}-PUR-00001$/);
    // RH's counter went on regardless.
    expect(await giveNumber(s.t.db, purchase(), 'application', await companyId('RH'))).toBe(rh.replace(/\d{5}$/, String(seqOf(rh) + 1).padStart(5, '0')));
  });

  it('resets at the company\'s own fiscal year start, counted in its time zone', async () => {
    const rs = await companyId('RS');
    await s.t.db.updateTable('companies').set({ fiscal_year_start: '04-01' }).where('id', '=', rs).execute();
    const at = (iso: string) => giveNumber(s.t.db, purchase(), 'decision', rs, new Date(iso));
    // 2030-03-31 in Tokyo is fiscal 2029; 00:30 on 1 April in Tokyo (still 31 March in UTC) is fiscal 2030.
    expect(await at('2030-03-31T10:00:00+09:00')).toBe('KRS29-00001');
    expect(await at('2030-03-31T23:59:00+09:00')).toBe('KRS29-00002');
    expect(await at('2030-04-01T00:30:00+09:00')).toBe('KRS30-00001');
    expect(await at('2030-09-01T12:00:00+09:00')).toBe('KRS30-00002');
    // A company whose year starts in January changes over on 1 January.
    const rt = await companyId('RT');
    expect(await giveNumber(s.t.db, purchase(), 'decision', rt, new Date('2030-12-31T12:00:00+09:00'))).toBe('KRT30-00001');
    expect(await giveNumber(s.t.db, purchase(), 'decision', rt, new Date('2031-01-01T12:00:00+09:00'))).toBe('KRT31-00001');
  });

  it('writes a sequence longer than its width in full, never cut', async () => {
    const ap = await companyId('AP');
    const now = new Date('2033-06-01T12:00:00Z');
    expect(await giveNumber(s.t.db, purchase(), 'decision', ap, now)).toBe('KAP33-00001');
    await s.t.db.updateTable('numbering_counters').set({ last_value: 99_998 }).where('company_id', '=', ap).where('kind', '=', 'decision').where('fiscal_year', '=', 2033).execute();
    expect(await giveNumber(s.t.db, purchase(), 'decision', ap, now)).toBe('KAP33-99999');
    expect(await giveNumber(s.t.db, purchase(), 'decision', ap, now)).toBe('KAP33-100000');
  });

  it('shares one decision counter between modules that say "shared"', async () => {
    const ap = await companyId('AP');
    const now = new Date('2031-06-01T12:00:00Z');
    const numbers = [
      await giveNumber(s.t.db, purchase(), 'decision', ap, now),
      await giveNumber(s.t.db, findModule(s.t.app.definitions, 'reimbursement'), 'decision', ap, now),
      await giveNumber(s.t.db, findModule(s.t.app.definitions, 'payment'), 'decision', ap, now),
    ];
    expect(numbers).toEqual(['KAP31-00001', 'KAP31-00002', 'KAP31-00003']);
    // A module without numbering gives none.
    expect(await giveNumber(s.t.db, findModule(s.t.app.definitions, 'corporate-seal'), 'decision', ap, now)).toBeNull();
  });

  it('gives a failed transaction\'s number back (never skipped)', async () => {
    const ap = await companyId('AP');
    const now = new Date('2032-06-01T12:00:00Z');
    let inside: string | null = null;
    await expect(s.t.db.transaction().execute(async (trx) => {
      inside = await giveNumber(trx, purchase(), 'application', ap, now);
      throw new Error('the filing failed after its number was given');
    })).rejects.toThrow('the filing failed');
    expect(inside).toBe('AP-2032-PUR-00001');
    expect(await giveNumber(s.t.db, purchase(), 'application', ap, now)).toBe('AP-2032-PUR-00001');
  });

  it('gives no number to a filing refused by validation', async () => {
    const employee = await s.auth('employee');
    const body = await purchaseBody(s.t.db, s.users, { goods: 'Before the refusal' });
    const before = (await filePurchase(s.t, employee, body) as unknown as { application_number: string }).application_number;
    const refused = await s.post('employee', '/api/buffer/purchase', { ...body, currency_id: null });
    expect(refused.statusCode).toBe(422);
    const after = (await filePurchase(s.t, employee, body) as unknown as { application_number: string }).application_number;
    expect(seqOf(after)).toBe(seqOf(before) + 1);
  });
});

describe('the company\'s fiscal year start', () => {
  let s: WorkflowSuite;
  workflowSuite((suite) => { s = suite; });

  it('is changed through the company form\'s approval, and a day that is not MM-DD is refused', async () => {
    const company = await s.t.db.selectFrom('companies').select('id').where('code', '=', 'RS').executeTakeFirstOrThrow();
    const form = (await s.get('kaito.yamada', `/api/companies/${company.id}`)).json();
    const locations = await s.t.db.selectFrom('locations').select(['id', 'address']).where('company_id', '=', company.id).orderBy('id').execute();
    const departments = await s.t.db.selectFrom('departments').select(['id', 'name']).where('company_id', '=', company.id).orderBy('id').execute();
    const body = (fiscal_year_start: string) => ({ ...wrapper, name: form.name ?? 'Ringi Systems', fiscal_year_start, locations, departments });
    const wrapper = await wrapperFor(s.t.db, 'companies', s.users);
    for (const bad of ['02-30', '4-1', '13-01']) {
      const refused = await s.post('kaito.yamada', `/api/buffer/companies/${company.id}/edit`, body(bad));
      expect(refused.statusCode, bad).toBe(422);
      expect(refused.json().violations[0].propertyPath).toBe('fiscal_year_start');
    }
    const filed = await s.post('kaito.yamada', `/api/buffer/companies/${company.id}/edit`, body('04-01'));
    expect(filed.statusCode, filed.body).toBe(201);
    await approveEveryStep(s.t.db, s.post, filed.json().id);
    const row = await s.t.db.selectFrom('companies').select('fiscal_year_start').where('id', '=', company.id).executeTakeFirstOrThrow();
    expect(row.fiscal_year_start).toBe('04-01');
  });
});
