import { beforeAll, describe, expect, it } from 'vitest';
import enServer from '../../locales/en/server.json';
import type { TestApp } from './helpers';
import { approveEveryStep, stepIds, wrapperFor } from './admin-fixtures';
import { paymentBody } from './integrity-fixtures';
import { moduleSteps, purchaseRefs, workflowSuite, type Getter, type Poster, type Users } from './workflow-fixtures';

/**
 * A company bank account deleted through the bank-account module (a completed delete request
 * retires it, migration 0610) is no longer offered by the treasury step's picker, and the
 * treasury step refuses it with a message that says why, changing nothing.
 */
let t: TestApp;
let users: Users;
let post: Poster;
let get: Getter;
let company: number;
let retired: number;
let live: number;
let slip: number;

/** The accounts the treasury form's picker offers for the document's company (BankAccountPicker's call). */
const offered = async () => ((await get('treasury', `/api/companies/bank_accounts?companyId=${company}&itemsPerPage=100`)).json()['hydra:member'] as Array<{ id: number }>).map((a) => a.id);

const approveAll = (documentId: number) => approveEveryStep(t.db, post, documentId);

/** A payment of the company waiting at its treasury step (every earlier step approved). */
async function atTreasury() {
  const filed = await post('employee', '/api/buffer/payment', await paymentBody(t.db, users));
  expect(filed.statusCode, filed.body).toBe(201);
  const steps = await stepIds(t.db, filed.json().id);
  for (const [i, user] of ['approver', 'finance', 'authorizer'].entries()) {
    expect((await post(user, `/api/approvals/${steps[i]}/action`, { approve: true })).statusCode).toBe(200);
  }
  return { id: filed.json().id as number, step: steps.at(-1)! };
}

workflowSuite((suite) => ({ t, users, post, get } = suite));
beforeAll(async () => {
  company = (await purchaseRefs(t.db)).company;
  // Two accounts of the company: one created through the module (then deleted), one that stays.
  live = (await t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', company).where('retired_at', 'is', null).orderBy('id').executeTakeFirstOrThrow()).id;
  const steps = (await moduleSteps(t.db, 'company-bank-account')).filter((s) => !s.optional);
  const wrapper = await wrapperFor(t.db, 'company-bank-account', users, steps.map((s) => [s.code === 'p-authorizer' ? users.authorizer.id : users.approver.id]));
  const created = await post('finance', '/api/buffer/company-bank-account', { ...wrapper, company_id: company, bank_name: 'Resona Bank', branch: 'Shinjuku', number: '9753108', type: 'ordinary' });
  expect(created.statusCode, created.body).toBe(201);
  await approveAll(created.json().id);
  retired = (await t.db.selectFrom('company_bank_accounts').select('id').where('company_id', '=', company).where('number', '=', '9753108').executeTakeFirstOrThrow()).id;
  expect(await offered()).toContain(retired);
  const deleted = await post('treasury', `/api/buffer/company-bank-account/${retired}/delete`, wrapper);
  expect(deleted.statusCode, deleted.body).toBe(201);
  await approveAll(deleted.json().id);
  slip = (await t.db.insertInto('files').values({
    name: 'slip.pdf', mime_type: 'application/pdf', size: 10, document_type: 'deal-slip', storage_key: 'test/retired-slip.pdf', sha256: 'x', uploader_id: users.treasury.id,
  }).returning('id').executeTakeFirstOrThrow()).id;
});

describe('treasury step and a retired company bank account', () => {
  it('the picker no longer offers the deleted account, and still offers the live one', async () => {
    const row = await t.db.selectFrom('company_bank_accounts').select('retired_at').where('id', '=', retired).executeTakeFirstOrThrow();
    expect(row.retired_at).not.toBeNull();
    const ids = await offered();
    expect(ids).not.toContain(retired);
    expect(ids).toContain(live);
  });

  it('refuses the deleted account with a message that says so, changes nothing, then accepts a live one', async () => {
    const { id, step } = await atTreasury();
    const url = `/api/approvals/${step}/action`;
    const refused = await post('treasury', url, { approve: null, data: { account_id: retired, payment_date: '2026-11-30', deal_slips: [slip] } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      message: enServer.integrity.treasuryAccountRetired,
      violations: [{ propertyPath: 'data.account_id', message: enServer.integrity.treasuryAccountRetired }],
    });
    const document = await t.db.selectFrom('buffers').select(['status', 'data']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(document.status).toBe(0);
    expect((document.data as Record<string, unknown>).account_id).toBeUndefined();
    expect(await t.db.selectFrom('approvals').select(['status', 'active']).where('id', '=', step).executeTakeFirstOrThrow()).toEqual({ status: 0, active: true });

    const done = await post('treasury', url, { approve: null, data: { account_id: live, payment_date: '2026-11-30', deal_slips: [slip] } });
    expect(done.statusCode, done.body).toBe(200);
  });
});
