import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import { buildSubmitPayload, computeFormData, validateSubmission, type CompiledModule, type FormData, type JsonSchema } from '../../src/engine';
import { repairBody } from '../../server/demo/repair-body';
import { prng } from '../../server/demo/prng';
import { sampleBody } from '../../server/demo/sample-body';
import { loadSeedWorld } from '../../server/demo/seed-world';
import { fuzzRuns } from './fuzz/fuzz-runs';
import { schemaArbitrary } from './fuzz/schema-arbitrary';
import { buildTestApp } from './helpers';
import { judgedAlongRoute } from './fuzz/judged-along-route';

/**
 * Fuzzing near the valid region (issue #9): random bodies from a schema almost never pass a
 * module's rules, so the "engine and server agree" property of fuzz-submissions is mostly tested
 * on refusals. Here every case starts from a plausible body the way a form would send it (the
 * seed generator's `sampleBody`, computed, uploads repaired, approvers picked from the server's
 * own `/users/approver`), then changes at most one top-level field to a generated value or drops it.
 * Properties: an unchanged valid body is filed (201) — the engine and the server agree on valid —;
 * a changed body the engine refuses is refused with the engine's violations in order and stores
 * nothing; a filed body is one the engine accepts; never a 5xx.
 */
const RUNS = Math.max(20, Math.floor(fuzzRuns() / 4));
const t = await buildTestApp();
afterAll(async () => { await t.close(); });
const definitions = t.app.definitions;
const translate = definitions.translate('en');
const world = await loadSeedWorld(t.db, definitions.modules as Record<string, CompiledModule>);
const requester = await t.db.selectFrom('users').select(['id', 'company_id']).where('email', '=', 'employee@example.com').executeTakeFirstOrThrow();
const headers = { authorization: `Bearer ${await t.login('employee@example.com')}`, 'accept-language': 'en', 'content-type': 'application/json' };
const today = new Date().toISOString().slice(0, 10);
const currencies = await t.db.selectFrom('currencies').select(['id', 'code']).execute();

const documents = async (code: string) => Number((await t.db.selectFrom('buffers').select((eb) => eb.fn.countAll().as('n')).where('module_code', '=', code).executeTakeFirstOrThrow()).n);

/** The first candidate the approver picker offers the requester for each required step. */
async function approvalsOf(steps: Array<{ id: number; optional: boolean }>) {
  const approvals: Array<{ master_process_id: number; approver_id: number }> = [];
  for (const step of steps.filter((s) => !s.optional)) {
    const reply = await t.app.inject({ url: `/api/users/approver?masterProcessId=${step.id}&itemsPerPage=1`, headers });
    const first = reply.json()['hydra:member'][0] as { id: number } | undefined;
    if (!first) throw new Error(`no eligible approver for step ${step.id}`);
    approvals.push({ master_process_id: step.id, approver_id: first.id });
  }
  return approvals;
}

/** A file the requester uploaded (the storage row only: filing checks ownership, not content). */
const upload = async (documentType: string) => (await t.db.insertInto('files').values({
  name: `${documentType}.pdf`, mime_type: 'application/pdf', size: 10, document_type: documentType,
  storage_key: `fuzz/${documentType}-${Math.random()}`, sha256: 'x', uploader_id: requester.id,
}).returning('id').executeTakeFirstOrThrow()).id;

describe(`fuzzing near valid bodies (${RUNS} per module)`, () => {
  test('the module list comes from the definitions', () => {
    expect(world.modules.length).toBeGreaterThan(5);
  });

  test.each(world.modules.map(({ module, steps }) => [module.code, module, steps] as const))('%s: a valid body is filed; one changed field is judged alike by engine and server', async (code, module, steps) => {
    const context = { steps: steps.map(({ id, optional, position }) => ({ id, optional, position })), currencies };
    const approvals = await approvalsOf(steps);
    const stampNo = module.meta.needsStampNo ? (await t.app.inject({ url: `/api/buffer/next_code?module_code=${code}`, headers })).json().stamp_no ?? null : null;
    const wrap = (data: FormData) => buildSubmitPayload(module, { ...data, approvals, send_notification_first_approval: false, save_approvers: false, user_finances: [] });

    /** A body a form would send: sampled, computed, uploads put where the rules need them. */
    async function validBody(seed: number): Promise<Record<string, unknown>> {
      const rng = prng(seed);
      for (let attempt = 0; attempt < 20; attempt++) {
        let data = computeFormData(module, sampleBody(module, world.refs, { companyId: requester.company_id!, date: today, stampNo }, rng), context);
        const violations = validateSubmission(module, wrap(data), context, translate);
        // Real uploads where the rules need a file: count them on a copy, upload, then repair.
        const types: string[] = [];
        repairBody(module, structuredClone(data), violations, (type) => { types.push(type); return 0; });
        const ids = await Promise.all(types.map(upload));
        repairBody(module, data, violations, () => ids.shift()!);
        data = computeFormData(module, data, context);
        if (validateSubmission(module, wrap(data), context, translate).length === 0) return wrap(data);
      }
      throw new Error(`${code}: no valid sample body in 20 draws`);
    }

    const fields = Object.keys((module.schema.properties ?? {}) as Record<string, JsonSchema>);
    const change = fc.oneof(
      { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant('drop' as const), field: fc.constantFrom(...fields) }) },
      { weight: 3, arbitrary: fc.constantFrom(...fields).chain((field) => fc.record({
        kind: fc.constant('set' as const), field: fc.constant(field),
        value: schemaArbitrary((module.schema.properties as Record<string, JsonSchema>)[field] as JsonSchema & Record<string, unknown>, definitions.modules),
      })) },
    );
    const tally = { valid: 0, filed: 0, refused: 0, engineRefused: 0 };
    const before = await documents(code);

    await fc.assert(fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 2 }), change, async (seed, edit) => {
      const payload = await validBody(seed);
      if (edit.kind === 'drop') delete payload[edit.field];
      if (edit.kind === 'set') payload[edit.field] = edit.value;
      const response = await t.app.inject({ method: 'POST', url: `/api/buffer/${code}`, headers, payload: JSON.stringify(payload) });
      let engine = validateSubmission(module, payload, context, translate);
      const agrees = response.statusCode === 201 ? engine.length === 0
        : response.statusCode !== 422 || engine.length === 0 || JSON.stringify(response.json().violations) === JSON.stringify(engine.map(({ propertyPath, message }) => ({ propertyPath, message })));
      // The server judges approvers along the route it resolves: where the plain judgment differs, judge again along it.
      if (!agrees) engine = await judgedAlongRoute(t.app, headers, module, payload, context.steps, currencies, translate);
      expect(response.statusCode, response.body).toBeLessThan(500);
      if (edit.kind === 'none') {
        tally.valid += 1;
        expect(response.statusCode, `a valid ${code} body was refused: ${response.body}`).toBe(201);
      }
      if (response.statusCode === 201) {
        tally.filed += 1;
        expect(engine, 'the server filed a body the engine refuses').toEqual([]);
      } else {
        tally.refused += 1;
        expect(response.statusCode).toBeGreaterThanOrEqual(400);
      }
      if (engine.length > 0) {
        tally.engineRefused += 1;
        expect(response.statusCode, 'the engine refuses this body').toBeGreaterThanOrEqual(400);
        if (response.statusCode === 422 && response.json().violations) {
          expect(response.json().violations).toEqual(engine.map(({ propertyPath, message }) => ({ propertyPath, message })));
        }
      }
    }), { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED) || undefined });

    expect(await documents(code)).toBe(before + tally.filed);
    expect(tally.valid + tally.filed).toBeGreaterThan(0);
    console.log(`fuzz near-valid ${code}: ${RUNS} bodies — unchanged ${tally.valid}, filed ${tally.filed}, refused ${tally.refused} (engine refused ${tally.engineRefused})`);
  }, 1_800_000);
});
