/**
 * Filing for a company the requester may not file for (issue #30 item 3, found by the submission
 * fuzz): nothing is resolved for that company, so its steps are judged as named ones — the same
 * violations the engine gives without a route — and the answer does not depend on that company's
 * organisation. With the form otherwise complete the refusal names the company.
 */
import { afterAll, expect, it } from 'vitest';
import { validateSubmission } from '../../src/engine';
import { buildTestApp } from './helpers';

const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const headers = { authorization: `Bearer ${await t.login('employee@example.com')}`, 'accept-language': 'en', 'content-type': 'application/json' };
const outside = (await t.db.selectFrom('companies').select('id').where('code', '=', 'AP').executeTakeFirstOrThrow()).id;
const currencies = await t.db.selectFrom('currencies').select(['id', 'code']).execute();

it('an incomplete filing for an outside company gets the engine\'s violations, approvals included, along no route', async () => {
  const module = t.app.definitions.modules['collection-sales'];
  const steps = await t.db.selectFrom('master_processes').select(['id', 'optional', 'position']).where('module_code', '=', module.code).orderBy('position').execute();
  // The last required step named with no approver (the fuzz's counterexample): judged along that
  // company's route it was filled by the route and passed; without a route it is missing.
  const last = steps.filter((step) => !step.optional).at(-1)!;
  const body = { company_id: outside, approvals: [{ master_process_id: last.id, approver_id: 0 }], send_notification_first_approval: false, save_approvers: false, user_finances: [] };
  const filed = await t.app.inject({ method: 'POST', url: `/api/buffer/${module.code}`, headers, payload: JSON.stringify(body) });
  expect(filed.statusCode, filed.body).toBe(422);
  const engine = validateSubmission(module, body, { steps, currencies }, t.app.definitions.translate('en'));
  expect(engine.some((v) => v.propertyPath === 'approvals')).toBe(true);
  expect(filed.json().violations).toEqual(engine.map(({ propertyPath, message }) => ({ propertyPath, message })));
});
