import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addItemList, copySource, type ModuleSource } from '../../src/engine';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let admin: string;
let employee: string;
const NEW = 'travel-request';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.login('admin@example.com');
  employee = await t.login('employee@example.com');
});
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A purchase-like body for the copied module: ids from the database, approvers per its steps. */
async function bodyFor(code: string, extra: Record<string, unknown> = {}) {
  const currency = await t.db.selectFrom('currencies').select('id').where('code', '=', 'CNY').executeTakeFirstOrThrow();
  const company = await t.db.selectFrom('companies').select('id').where('code', '=', 'RH').executeTakeFirstOrThrow();
  const department = await t.db.selectFrom('departments').select('id').where('company_id', '=', company.id).orderBy('id').executeTakeFirstOrThrow();
  const steps = (await call('GET', `/api/master_processes?module_code=${code}`, employee)).json()['hydra:member'] as Array<{ id: number; optional: boolean }>;
  // The first approver the picker offers for each required step (role-bound steps need a holder of the role).
  const approvals = [];
  for (const s of steps) {
    const offered = s.optional ? [] : (await call('GET', `/api/users/approver?masterProcessId=${s.id}&companyId=${company.id}`, employee)).json()['hydra:member'] as Array<{ id: number }>;
    approvals.push({ approver_id: s.optional ? null : offered[0].id, master_process_id: s.id });
  }
  return {
    send_notification_first_approval: true, save_approvers: false,
    approvals,
    currency_id: currency.id, company_id: company.id, department_id: department.id,
    purchase_goods: [{ department_id: department.id, delivery_date: '2026-12-01', goods_name: 'Train', qty: 1, budget: 100 }],
    total_estimated: 100, user_finances: [], ...extra,
  };
}

describe('module studio API', () => {
  it('is for group admins only (403 for an employee, 401 without a login)', async () => {
    expect((await call('GET', '/api/module-definitions/purchase/source', employee)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/module-studio/modules' })).statusCode).toBe(401);
    expect((await call('GET', '/api/module-studio/modules', admin)).statusCode).toBe(200);
  });

  it('answers a round-trippable source: publishing it again stores nothing new', async () => {
    const source = (await call('GET', '/api/module-definitions/purchase/source', admin)).json() as ModuleSource;
    expect(Object.keys(source).sort()).toEqual(['attachments', 'code', 'locales', 'process', 'rules', 'schema', 'uiSchema']);
    expect(source.process?.steps.length).toBeGreaterThan(0);
    const latest = (await call('GET', '/api/module-definitions/purchase/versions', admin)).json()['hydra:member'][0].version;
    const again = await call('PUT', '/api/module-definitions/purchase', admin, source);
    expect(again.statusCode).toBe(200);
    // The whole reply, through the response schema's serializer: a field it left out would be dropped.
    expect(again.json()).toEqual({
      code: 'purchase', version: latest, definitionVersion: t.app.definitions.modules.purchase.version, created: false,
      inFlightOlder: expect.any(Number), inFlightOldRoute: expect.any(Number),
    });
  });

  it('lists modules and a module\'s versions with every field', async () => {
    const versions = (await call('GET', '/api/module-definitions/purchase/versions', admin)).json();
    expect(versions['hydra:totalItems']).toBe(versions['hydra:member'].length);
    expect(versions['hydra:member'][0]).toEqual({
      version: expect.any(Number), content_hash: expect.stringMatching(/^[0-9a-f]+$/), origin: 'files', published_by: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), current: true,
    });
    const modules = (await call('GET', '/api/module-studio/modules', admin)).json();
    expect(modules['hydra:totalItems']).toBe(modules['hydra:member'].length);
    expect(modules['hydra:member'].find((m: { code: string }) => m.code === 'purchase')).toEqual({
      code: 'purchase', kind: 'module', version: versions['hydra:member'][0].version, disabled: false,
      title: { en: expect.any(String), ja: expect.any(String), zh: '采购申请' },
    });
  });

  it('refuses a broken definition with every problem as part + JSON pointer, and stores nothing', async () => {
    const source = copySource((await call('GET', '/api/module-definitions/purchase/source', admin)).json(), 'broken-copy');
    (source.uiSchema.company_id as Record<string, unknown>)['ui:widget'] = 'CompanyPickr';
    source.process = { steps: [{ ...source.process!.steps[0], roles: ['boss' as never] }] };
    const response = await call('POST', '/api/module-definitions', admin, source);
    expect(response.statusCode).toBe(422);
    const { message, violations } = response.json();
    expect(violations).toContainEqual({ propertyPath: '/uiSchema/company_id/ui:widget', message: expect.any(String), detail: expect.stringContaining('closest valid names: CompanyPicker') });
    expect(violations).toContainEqual({ propertyPath: '/process/steps/0/roles/0', message: expect.any(String), detail: expect.stringContaining('authorizer, finance, treasury, legal') });
    expect(message).toMatch(/^The definition has \d+ problem\(s\)/);
    expect((await call('GET', '/api/module-definitions/broken-copy/source', admin)).statusCode).toBe(404);
  });

  it('publishes a copy that works at once: launcher, steps, filing; a second version keeps the first document on its version', async () => {
    const source = copySource((await call('GET', '/api/module-definitions/purchase/source', admin)).json(), NEW);
    const created = await call('POST', '/api/module-definitions', admin, source);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ code: NEW, version: 1, created: true, inFlightOlder: 0 });
    expect((await call('POST', '/api/module-definitions', admin, source)).statusCode).toBe(409);

    const launchers = (await call('GET', '/api/module-definitions', employee)).json()['hydra:member'] as Array<{ code: string; meta: { codePrefix: string } }>;
    expect(launchers.find((m) => m.code === NEW)?.meta.codePrefix).toBe('TR');
    const filed = await call('POST', `/api/buffer/${NEW}`, employee, await bodyFor(NEW));
    expect(filed.statusCode).toBe(201);
    const first = await t.db.selectFrom('buffers').select(['id', 'definition_version', 'code']).where('module_code', '=', NEW).executeTakeFirstOrThrow();
    expect(first.code).toMatch(/^TR-/);

    // Version 2: a new required field with a validation.
    const v2 = structuredClone(source);
    (v2.schema.properties as Record<string, unknown>).destination = { type: 'string', maxLength: 100 };
    (v2.uiSchema['ui:order'] as string[]).splice(0, 0, 'destination');
    v2.rules.validations = [{ when: { '!': { var: 'destination' } }, field: 'destination', message: `${NEW}.messages.destination` }, ...(v2.rules.validations ?? [])];
    for (const [lang, text] of [['en', 'Enter the destination'], ['ja', '行き先を入力してください'], ['zh', '请输入目的地']] as const) {
      const locale = v2.locales[lang] as Record<string, Record<string, unknown>>;
      locale.destination = { label: { en: 'Destination', ja: '行き先', zh: '目的地' }[lang] };
      locale.messages = { ...locale.messages, destination: text };
    }
    const published = await call('PUT', `/api/module-definitions/${NEW}`, admin, v2);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ version: 2, created: true, inFlightOlder: 1 });

    const refused = await call('POST', `/api/buffer/${NEW}`, employee, await bodyFor(NEW));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().violations[0]).toEqual({ propertyPath: 'destination', message: 'Enter the destination' });
    expect((await call('POST', `/api/buffer/${NEW}`, employee, await bodyFor(NEW, { destination: 'Osaka' }))).statusCode).toBe(201);

    const old = (await call('GET', `/api/module-definitions/${NEW}?version=${first.definition_version}`, employee)).json();
    expect(old.schema.properties.destination).toBeUndefined();
    const versions = (await call('GET', `/api/module-definitions/${NEW}/versions`, admin)).json()['hydra:member'];
    expect(versions.map((v: { version: number; current: boolean }) => [v.version, v.current])).toEqual([[2, true], [1, false]]);
    const previous = (await call('GET', `/api/module-definitions/${NEW}/source?version=1`, admin)).json();
    expect(previous).toEqual(source);
  });

  it('validates an edit of a document with the version it was filed under, not the stricter current one', async () => {
    const [first, second] = await t.db.selectFrom('buffers').select(['id', 'definition_version', 'data']).where('module_code', '=', NEW).orderBy('id').execute();
    expect(first.definition_version).not.toBe(second.definition_version);
    const edit = (id: number, data: Record<string, unknown>) => call('POST', `/api/buffer/${id}/edit`, employee, { data });
    // Version 2 requires a destination; the version-1 document has none and still takes an edit.
    const goods = (first.data.purchase_goods as Array<Record<string, unknown>>).map((g) => ({ ...g, goods_name: 'Shinkansen' }));
    const edited = await edit(first.id, { purchase_goods: goods });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().changed_fields).toContain('purchase_goods');
    const stored = await t.db.selectFrom('buffers').select(['definition_version', 'data']).where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(stored.definition_version).toBe(first.definition_version);
    expect(stored.data.destination).toBeUndefined();
    // Version 1's own rules still apply to it: an over-long goods name is refused, nothing changes.
    const refused = await edit(first.id, { purchase_goods: goods.map((g) => ({ ...g, goods_name: 'x'.repeat(201) })) });
    expect(refused.statusCode).toBe(422);
    expect((await t.db.selectFrom('buffers').select('data').where('id', '=', first.id).executeTakeFirstOrThrow()).data).toEqual(stored.data);
    // The version-2 document is held to version 2: removing its destination is refused.
    const strict = await edit(second.id, { destination: '' });
    expect(strict.statusCode).toBe(422);
    expect(strict.json().violations[0]).toEqual({ propertyPath: 'destination', message: 'Enter the destination' });
  });

  it('disables a module (no new documents, not on the launcher) and re-enables it', async () => {
    expect((await call('POST', `/api/module-definitions/${NEW}/disable`, admin)).json()).toEqual({ code: NEW, disabled: true });
    const codes = () => call('GET', '/api/module-definitions', employee).then((r) => r.json()['hydra:member'].map((m: { code: string }) => m.code));
    expect(await codes()).not.toContain(NEW);
    const refused = await call('POST', `/api/buffer/${NEW}`, employee, await bodyFor(NEW, { destination: 'Kyoto' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('disabled');
    // Nor drafts: saving or reading one is refused the same way (clearing one stays allowed), nothing stored.
    const draft = await call('POST', '/api/buffer_temporaries', employee, { module_code: NEW, data: { destination: 'Nara' } });
    expect([draft.statusCode, draft.json().message]).toEqual([409, `The module "${NEW}" is disabled: it takes no new documents`]);
    expect((await call('GET', `/api/buffer_temporaries?module_code=${NEW}`, employee)).statusCode).toBe(409);
    expect(await t.db.selectFrom('buffer_temporaries').select('id').where('module_code', '=', NEW).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/buffer_temporaries?module_code=${NEW}`, headers: { authorization: `Bearer ${employee}` } })).statusCode).toBe(204);
    expect((await call('GET', `/api/module-definitions/${NEW}`, employee)).statusCode).toBe(200);
    await call('POST', `/api/module-definitions/${NEW}/enable`, admin);
    expect(await codes()).toContain(NEW);
    expect((await call('POST', '/api/buffer_temporaries', employee, { module_code: NEW, data: { destination: 'Nara' } })).statusCode).toBe(200);
  });

  it('judges a body with a draft as npm run check does, and refuses to judge with a broken draft', async () => {
    const source = (await call('GET', '/api/module-definitions/purchase/source', admin)).json() as ModuleSource;
    const judged = (await call('POST', '/api/module-definitions/judge', admin, { source, body: {}, lang: 'en' })).json();
    expect(judged.valid).toBe(false);
    expect(judged.violations.length).toBeGreaterThan(0);
    (source.rules.validations![0] as { when: unknown }).when = { nonsense: [] };
    const broken = (await call('POST', '/api/module-definitions/judge', admin, { source, body: {}, lang: 'en' })).json();
    expect(broken.definitionProblems[0]).toEqual({ propertyPath: '/rules/validations/0/when', message: expect.any(String), detail: expect.stringContaining('unknown operation "nonsense"') });
    expect(broken.violations).toEqual([]);
  });

  it('checks a module with a new item sub-form together (check-set); alone it misses the sub-form', async () => {
    const source = (await call('GET', '/api/module-definitions/purchase/source', admin)).json() as ModuleSource;
    const tri = (en: string) => ({ en, ja: `${en} ja`, zh: `${en} zh` });
    const made = addItemList(source, { name: 'legs', labels: tri('Legs'), itemTitles: tri('Leg {{n}}'), fields: [], itemTotal: { name: 'amount', labels: tri('Fare') }, formTotal: { name: 'legs_total', labels: tri('Total') } });
    if (!('source' in made)) throw new Error(JSON.stringify(made));
    const alone = (await call('POST', '/api/module-definitions/check', admin, made.source.source)).json();
    expect(alone.violations.length).toBeGreaterThan(0);
    const together = (await call('POST', '/api/module-definitions/check-set', admin, { sources: [made.source.source, made.source.subForm] })).json();
    expect(together).toMatchObject({ violations: [], warnings: [] });
  });

  it('judges in every language at once: each violation carries its en, ja and zh message', async () => {
    const source = (await call('GET', '/api/module-definitions/purchase/source', admin)).json() as ModuleSource;
    const judged = (await call('POST', '/api/module-definitions/judge', admin, { source, body: {}, lang: 'ja' })).json();
    const first = judged.violations[0] as { message: string; messages: Record<string, string> };
    expect(first.message).toBe(first.messages.ja);
    expect(new Set([first.messages.en, first.messages.ja, first.messages.zh]).size).toBe(3);
  });

  it('check warns (without refusing) where a schema maxLength hides a rule\'s own length message, and counts the documents in flight', async () => {
    const source = (await call('GET', '/api/module-definitions/purchase/source', admin)).json() as ModuleSource;
    const clean = (await call('POST', '/api/module-definitions/check', admin, source)).json();
    expect(clean).toMatchObject({ violations: [], warnings: [] });
    expect(Number.isInteger(clean.inFlight)).toBe(true);
    (source.schema as { properties: Record<string, unknown> }).properties.project_code = { type: ['string', 'null'], maxLength: 20 };
    source.rules.validations!.push({ field: 'project_code', when: { '>': [{ length: [{ var: 'project_code' }] }, 20] }, message: 'purchase.title' });
    for (const lang of ['en', 'ja', 'zh'] as const) (source.locales[lang] as Record<string, unknown>).project_code = { label: `Project code ${lang}` };
    (source.uiSchema['ui:order'] as string[]).unshift('project_code');
    const checked = (await call('POST', '/api/module-definitions/check', admin, source)).json();
    expect(checked.violations.map((v: { message: string }) => v.message)).toEqual([]);
    expect(checked.warnings).toEqual([{ propertyPath: `/rules/validations/${source.rules.validations!.length - 1}/when`, message: expect.any(String), detail: expect.stringContaining('"project_code" to 20 characters') }]);
  });

  it.each<[string, (steps: NonNullable<ModuleSource['process']>['steps']) => void, string, string]>([
    ['a condition naming an unknown field', (steps) => { steps[1].when = { '>=': [{ var: 'total_estimate' }, 100000] }; },
      '/process/steps/1/when', 'unknown field "total_estimate" in the condition (closest valid names: total_estimated'],
    ['a resolver naming an unknown position', (steps) => { steps[0].approvers = [{ position: 'haed', of: 'requester' }]; },
      '/process/steps/0/approvers/0/position', 'unknown position "haed" (closest valid names: head'],
  ])('refuses to publish a route with %s, with the checker\'s message, and changes nothing', async (_name, spoil, propertyPath, message) => {
    const before = (await call('GET', '/api/module-definitions/purchase/source', admin)).json() as ModuleSource;
    const source = structuredClone(before);
    spoil(source.process!.steps);
    const checked = (await call('POST', '/api/module-definitions/check', admin, source)).json();
    expect(checked.violations).toContainEqual({ propertyPath, message: expect.any(String), detail: expect.stringContaining(message) });
    const published = await call('PUT', '/api/module-definitions/purchase', admin, source);
    expect(published.statusCode, published.body).toBe(422);
    expect(published.json().violations).toContainEqual({ propertyPath, message: expect.any(String), detail: expect.stringContaining(message) });
    expect((await call('GET', '/api/module-definitions/purchase/source', admin)).json()).toEqual(before);
    expect(t.app.definitions.modules.purchase.process).toEqual(before.process!.steps);
  });

  it('says how many documents in flight keep the old route when a publish changes the steps (check and publish), and none when it does not', async () => {
    const code = 'route-pinning';
    const source = copySource((await call('GET', '/api/module-definitions/purchase/source', admin)).json(), code);
    expect((await call('POST', '/api/module-definitions', admin, source)).statusCode).toBe(201);
    for (let i = 0; i < 2; i++) expect((await call('POST', `/api/buffer/${code}`, employee, await bodyFor(code))).statusCode).toBe(201);
    const inFlight = Number((await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll<string>().as('n')).where('module_code', '=', code).where('status', '=', 0).executeTakeFirstOrThrow()).n);
    expect(inFlight).toBe(2);

    // A new text, same steps: the documents keep their version, and their route is the new one's.
    const retitled = structuredClone(source);
    (retitled.locales.en as Record<string, unknown>).title = 'Route pinning (retitled)';
    expect((await call('POST', '/api/module-definitions/check', admin, retitled)).json()).toMatchObject({ inFlight, inFlightOldRoute: 0 });
    expect((await call('PUT', `/api/module-definitions/${code}`, admin, retitled)).json()).toMatchObject({ created: true, inFlightOlder: inFlight, inFlightOldRoute: 0 });

    // The steps change (a reminder on the first step, the optional step dropped): both keep their filed route.
    const rerouted = structuredClone(retitled);
    const steps = rerouted.process!.steps;
    rerouted.process = { steps: [{ ...steps[0], reminder: { afterDays: 1 } }, ...steps.slice(1).filter((st) => !st.optional)] };
    expect((await call('POST', '/api/module-definitions/check', admin, rerouted)).json()).toMatchObject({ violations: [], inFlight, inFlightOldRoute: inFlight });
    const published = await call('PUT', `/api/module-definitions/${code}`, admin, rerouted);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ created: true, inFlightOlder: inFlight, inFlightOldRoute: inFlight });
    // Filed under the new route: not counted by the next publish of the same steps.
    expect((await call('POST', `/api/buffer/${code}`, employee, await bodyFor(code))).statusCode).toBe(201);
    const again = structuredClone(rerouted);
    (again.locales.en as Record<string, unknown>).title = 'Route pinning (again)';
    expect((await call('PUT', `/api/module-definitions/${code}`, admin, again)).json()).toMatchObject({ inFlightOlder: inFlight + 1, inFlightOldRoute: inFlight });
  });
});
