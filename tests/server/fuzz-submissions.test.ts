import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { validateSubmission, type JsonSchema } from '../../src/engine';
import { judgedAlongRoute } from './fuzz/judged-along-route';
import { fuzzRuns } from './fuzz/fuzz-runs';
import { schemaArbitrary } from './fuzz/schema-arbitrary';
import { buildTestApp } from './helpers';

/**
 * Property-based fuzzing (issue #9): for every module the definitions declare, FUZZ_RUNS bodies
 * generated from its JSON Schema (valid, nearly valid and hostile values) go to
 * `POST /api/buffer/{code}` and to the module's draft. Properties: never a 5xx; the engine's
 * `validateSubmission` (what `npm run check` runs) and the server agree — a body the engine
 * refuses is refused with the same violations, and a body the server files is one the engine
 * accepts (the server may refuse more: ids, approvers, permissions); a refused body stores
 * nothing (document count and the stored draft are unchanged by refusals).
 */
const RUNS = fuzzRuns();
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const definitions = t.app.definitions;
const modules = Object.values(definitions.modules).filter((m) => m.kind === 'module').sort((a, b) => a.code.localeCompare(b.code));
const translate = definitions.translate('en');
const requester = await t.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'employee@example.com').executeTakeFirstOrThrow();
const bearer = await t.login('employee@example.com');
const headers = { authorization: `Bearer ${bearer}`, 'accept-language': 'en' };
// The server judges with the currencies (totals rounded as stored, amounts bounded per currency): so does the engine here.
const currencies = await t.db.selectFrom('currencies').select(['id', 'code']).execute();
const people = await t.db.selectFrom('users').select(['id', 'is_authorizer', 'is_finance', 'is_treasury', 'is_legal']).where('disabled', '=', false).execute();

/** Steps of a module and, per step, a user holding its role (the approvals a real form would send). */
async function chainOf(code: string) {
  const steps = await t.db.selectFrom('master_processes').innerJoin('processes', 'processes.id', 'master_processes.process_id')
    .select(['master_processes.id', 'master_processes.optional', 'master_processes.position', 'processes.approver_role'])
    .where('module_code', '=', code).orderBy('position').execute();
  const holder = (role: string | null) => people.find((p) => p.id !== requester.id && (!role || (p as Record<string, unknown>)[`is_${role}`] === true))?.id ?? 0;
  return { steps: steps.map((s) => ({ id: s.id, optional: s.optional, position: s.position })), approvals: steps.filter((s) => !s.optional).map((s) => ({ master_process_id: s.id, approver_id: holder(s.approver_role) })) };
}

const documents = async (code: string) => Number((await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).where('module_code', '=', code).executeTakeFirstOrThrow()).n);

describe(`fuzzing every module's submission and draft (${RUNS} bodies each)`, () => {
  test('the module list comes from the definitions', () => {
    expect(modules.length).toBeGreaterThan(5);
  });

  test.each(modules.map((m) => [m.code, m] as const))('%s: no 5xx, engine and server agree, refusals store nothing', async (code, module) => {
    const { steps, approvals } = await chainOf(code);
    const before = await documents(code);
    const tally = { engineValid: 0, filed: 0, refused: 0, draftsSaved: 0, draftsRefused: 0 };
    let lastDraft: unknown;
    const wrapper = fc.record({
      approvals: fc.oneof({ weight: 4, arbitrary: fc.constant(approvals) }, { weight: 1, arbitrary: schemaArbitrary({ type: 'array', items: { type: 'object', properties: { master_process_id: { type: 'integer' }, approver_id: { type: 'integer' } } } } as JsonSchema, definitions.modules) }),
      send_notification_first_approval: fc.boolean(),
      save_approvers: fc.constant(false),
      user_finances: fc.constant([]),
    });
    const body = fc.tuple(schemaArbitrary(module.schema as JsonSchema & Record<string, unknown>, definitions.modules), wrapper)
      .map(([data, wrap]) => (data && typeof data === 'object' && !Array.isArray(data) ? { ...data, ...wrap } : data));

    await fc.assert(fc.asyncProperty(body, async (payload) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/buffer/${code}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(payload) });
      let engine = validateSubmission(module, payload, { steps, currencies }, translate);
      const agrees = response.statusCode === 201 ? engine.length === 0
        : response.statusCode !== 422 || engine.length === 0 || JSON.stringify(response.json().violations) === JSON.stringify(engine.map(({ propertyPath, message }) => ({ propertyPath, message })));
      // The server judges approvers along the route it resolves (steps resolved from the organisation
      // need none named): where the plain judgment differs, judge again along that route, as the form does.
      if (!agrees) engine = await judgedAlongRoute(t.app, headers, module, payload, steps, currencies, translate);
      if (engine.length === 0) tally.engineValid += 1;
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (response.statusCode === 201) {
        tally.filed += 1;
        expect(engine, 'the server filed a body the engine refuses').toEqual([]);
      } else {
        tally.refused += 1;
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
        if (engine.length > 0 && response.statusCode === 422) {
          expect(response.json().violations).toEqual(engine.map(({ propertyPath, message }) => ({ propertyPath, message })));
        }
      }
      if (engine.length > 0) expect(response.statusCode, 'the engine refuses this body').toBeGreaterThanOrEqual(400);

      const draft = await t.app.inject({ method: 'POST', url: '/api/buffer_temporaries', headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify({ module_code: code, data: payload }) });
      expect(draft.statusCode, draft.body).toBeLessThan(500);
      if (draft.statusCode === 200) {
        tally.draftsSaved += 1;
        lastDraft = draft.json().data;
      } else {
        tally.draftsRefused += 1;
      }
    }), { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED) || undefined });

    expect(await documents(code)).toBe(before + tally.filed);
    const stored = await t.app.inject({ url: `/api/buffer_temporaries?module_code=${code}`, headers });
    if (lastDraft === undefined) expect(stored.statusCode).toBe(404);
    else expect(stored.json().data).toEqual(lastDraft);
    console.log(`fuzz ${code}: ${RUNS} bodies — engine valid ${tally.engineValid}, filed ${tally.filed}, refused ${tally.refused}; drafts saved ${tally.draftsSaved}, refused ${tally.draftsRefused}`);
  }, 1_800_000);
});
