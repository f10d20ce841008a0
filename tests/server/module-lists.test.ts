import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSubmitPayload, computeFormData, validateSubmission, widgetValue, type CompiledModule, type FormData } from '../../src/engine';
import { repairBody } from '../../server/demo/repair-body';
import { prng } from '../../server/demo/prng';
import { sampleBody } from '../../server/demo/sample-body';
import { loadSeedWorld } from '../../server/demo/seed-world';
import { buildTestApp, type TestApp } from './helpers';

/**
 * A choice from a list that belongs to a module (contract item types: the supplier contract's,
 * the customer contract's) must come from the filing module's own list: the server refuses
 * another module's entry at the field, and a copy the picker fills (the type's code) that
 * disagrees with the chosen entry. Every module with such a picker is checked, by its widget.
 */
let t: TestApp;
let headers: Record<string, string>;
let world: Awaited<ReturnType<typeof loadSeedWorld>>;
let requester: { id: number; company_id: number | null };
let currencies: Array<{ id: number; code: string }>;

beforeAll(async () => {
  t = await buildTestApp();
  world = await loadSeedWorld(t.db, t.app.definitions.modules as Record<string, CompiledModule>);
  requester = await t.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'employee@example.com').executeTakeFirstOrThrow();
  headers = { authorization: `Bearer ${await t.login('employee@example.com')}`, 'accept-language': 'en', 'content-type': 'application/json' };
  currencies = await t.db.selectFrom('currencies').select(['id', 'code']).execute();
});
afterAll(() => t?.close());

/** The modules with a field whose picker lists the module's own entries, with that field. */
function modulesWithOwnLists() {
  return world.modules.flatMap(({ module, steps }) => {
    const ui = module.uiSchema as Record<string, Record<string, unknown> | undefined>;
    const field = Object.keys(module.schema.properties ?? {}).find((f) => widgetValue(ui[f]?.['ui:widget'])?.list?.ofModule);
    return field ? [{ module, steps, field, widget: String(ui[field]!['ui:widget']) }] : [];
  });
}

/** A body the module's form would send (sampled, computed, uploads repaired, the first eligible approvers). */
async function validBody(module: CompiledModule, steps: Array<{ id: number; optional: boolean; position: number }>): Promise<Record<string, unknown>> {
  const approvals: Array<{ master_process_id: number; approver_id: number }> = [];
  for (const step of steps.filter((s) => !s.optional)) {
    const first = (await t.app.inject({ url: `/api/users/approver?masterProcessId=${step.id}&itemsPerPage=1`, headers })).json()['hydra:member'][0];
    approvals.push({ master_process_id: step.id, approver_id: first.id });
  }
  const context = { steps: steps.map(({ id, optional, position }) => ({ id, optional, position })), currencies };
  const stampNo = module.meta.needsStampNo ? (await t.app.inject({ url: `/api/buffer/next_code?module_code=${module.code}`, headers })).json().stamp_no ?? null : null;
  const wrap = (data: FormData) => buildSubmitPayload(module, { ...data, approvals, send_notification_first_approval: false, save_approvers: false, user_finances: [] });
  const translate = t.app.definitions.translate('en');
  const today = new Date().toISOString().slice(0, 10);
  for (let seed = 1; seed < 30; seed++) {
    let data = computeFormData(module, sampleBody(module, world.refs, { companyId: requester.company_id!, date: today, stampNo }, prng(seed)), context);
    const violations = validateSubmission(module, wrap(data), context, translate);
    const types: string[] = [];
    repairBody(module, structuredClone(data), violations, (type) => { types.push(type); return 0; });
    const ids: number[] = [];
    for (const type of types) {
      ids.push((await t.db.insertInto('files').values({
        name: `${type}.pdf`, mime_type: 'application/pdf', size: 10, document_type: type, storage_key: `lists/${type}-${seed}-${ids.length}`, sha256: 'x', uploader_id: requester.id,
      }).returning('id').executeTakeFirstOrThrow()).id);
    }
    repairBody(module, data, violations, () => ids.shift()!);
    data = computeFormData(module, data, context);
    if (validateSubmission(module, wrap(data), context, translate).length === 0) return wrap(data);
  }
  throw new Error(`${module.code}: no valid sample body`);
}

describe('a choice from a module\'s own list', () => {
  it('is found in at least two modules of the definitions (the supplier and customer contracts)', () => {
    expect(modulesWithOwnLists().length).toBeGreaterThanOrEqual(2);
  });

  it('refuses another module\'s entry at the field (422, nothing stored) and files the module\'s own', async () => {
    for (const { module, steps, field, widget } of modulesWithOwnLists()) {
      const table = widgetValue(widget)!.list!.table as 'contract_item_types';
      const foreign = await t.db.selectFrom(table).select(['id', 'code']).where('module', '!=', module.code).orderBy('id').executeTakeFirstOrThrow();
      const body = await validBody(module, steps);
      const before = (await t.db.selectFrom('buffers').select('id').where('module_code', '=', module.code).execute()).length;

      const refused = await t.app.inject({ method: 'POST', url: `/api/buffer/${module.code}`, headers, payload: { ...body, [field]: foreign.id } });
      expect(refused.statusCode, `${module.code}: ${refused.body}`).toBe(422);
      expect(refused.json().violations.map((v: { propertyPath: string }) => v.propertyPath), module.code).toContain(field);
      expect(refused.json().violations.find((v: { propertyPath: string }) => v.propertyPath === field).message).toMatch(/is not one of the choices of this form/);
      const missing = await t.app.inject({ method: 'POST', url: `/api/buffer/${module.code}`, headers, payload: { ...body, [field]: 999999 } });
      expect(missing.statusCode, module.code).toBe(422);
      expect((await t.db.selectFrom('buffers').select('id').where('module_code', '=', module.code).execute()).length).toBe(before);

      const filed = await t.app.inject({ method: 'POST', url: `/api/buffer/${module.code}`, headers, payload: body });
      expect(filed.statusCode, `${module.code}: ${filed.body}`).toBe(201);
    }
  });

  it('refuses a copied code that disagrees with the chosen entry', async () => {
    const [{ module, steps, field }] = modulesWithOwnLists();
    const ui = module.uiSchema as Record<string, Record<string, unknown>>;
    const [copy] = Object.keys(((ui[field]['ui:options'] ?? {}) as { alsoSet?: Record<string, string> }).alsoSet ?? {});
    expect(copy).toBeTruthy();
    const body = await validBody(module, steps);
    const refused = await t.app.inject({ method: 'POST', url: `/api/buffer/${module.code}`, headers, payload: { ...body, [copy]: 'no-such-code' } });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().violations.map((v: { propertyPath: string }) => v.propertyPath)).toContain(copy);
  });
});
