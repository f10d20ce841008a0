/**
 * The resolution matrix, derived from the definitions (no hand list of modules or steps): every
 * module with a route × every demo login as requester × the document's company (the requester's, and
 * another group company for a group member) × (the organisation as seeded | the
 * requester's department chain vacant) × (each condition's both outcomes, for steps with a `when`,
 * by the currencies and totals the condition compares). `POST /master_processes/resolve` must
 * answer exactly what an independent oracle says: a recursive SQL walk up the department tree for
 * `{position, of: "requester"}`, plain queries for the other rules, json-logic-js for conditions.
 */
import jsonLogic from 'json-logic-js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { computeFormData, CUSTOM_OPERATIONS, type ApproverResolver, type CompiledModule, type ProcessStepDefinition, type StepRole } from '../../src/engine';
import { workflowSuite, type WorkflowSuite } from './workflow-fixtures';

let s: WorkflowSuite;
workflowSuite((suite) => { s = suite; });

interface Requester { id: number; email: string; company_id: number; department_id: number }

async function oracle(resolver: ApproverResolver, requester: Requester, companyId: number, today: string): Promise<number[]> {
  const db = s.t.db;
  const live = sql`(p.effective_from is null or p.effective_from <= ${today}) and (p.effective_to is null or p.effective_to >= ${today})`;
  if ('position' in resolver && resolver.of === 'requester') {
    const rows = await sql<{ user_id: number }>`
      with recursive chain(id, depth) as (
        select ${requester.department_id}::int, 0
        union all select d.parent_id, c.depth + 1 from departments d join chain c on d.id = c.id where d.parent_id is not null),
      holders as (
        select p.user_id, c.depth from chain c join user_posts p on p.department_id = c.id join users u on u.id = p.user_id
        where p.position_code = ${resolver.position} and not u.disabled and ${live})
      select user_id from holders where depth = (select min(depth) from holders)`.execute(db);
    return rows.rows.map((r) => r.user_id);
  }
  if ('position' in resolver) {
    const rows = await sql<{ user_id: number }>`select p.user_id from user_posts p join departments d on d.id = p.department_id join users u on u.id = p.user_id
      where d.company_id = ${companyId} and p.position_code = ${resolver.position} and not u.disabled and ${live}`.execute(db);
    return rows.rows.map((r) => r.user_id);
  }
  if ('role' in resolver) return (await db.selectFrom('users').select('id').where('company_id', '=', companyId).where(`is_${resolver.role as StepRole}`, '=', true).where('disabled', '=', false).execute()).map((u) => u.id);
  if ('users' in resolver) return (await db.selectFrom('users').select('id').where('email', 'in', resolver.users as string[]).where('disabled', '=', false).execute()).map((u) => u.id);
  return (await db.selectFrom('users').select('id').where('department_id', '=', requester.department_id).where('disabled', '=', false).execute()).map((u) => u.id);
}

/**
 * Who the requester could pick on a choice step, the requester included (plain query): enabled
 * users holding one of its roles in a group company, or without roles, group members and the
 * requester's company.
 */
async function choiceCandidates(step: ProcessStepDefinition, requester: Requester): Promise<number[]> {
  const rows = await sql<{ id: number }>`select u.id from users u left join companies c on c.id = u.company_id
    where not u.disabled and (${step.roles?.length
      ? sql`coalesce(c.is_group, false) and (${sql.join(step.roles.map((r) => sql`${sql.ref(`u.is_${r}`)}`), sql` or `)})`
      : sql`coalesce(c.is_group, false) or u.company_id = ${requester.company_id}`})`.execute(s.t.db);
  return rows.rows.map((r) => r.id);
}

/**
 * Form values that set `field`: a computed field that sums an item array (`{"sum": [{"var": items}, "budget"]}`)
 * is set through one item, since the server recomputes it; any other field directly.
 */
function valuesFor(module: CompiledModule, field: string, value: number): Record<string, unknown> {
  const rule = (module.rules.computed ?? []).find((c) => c.field === field);
  const sum = rule ? /"sum":\[\{"var":"([a-z_]+)"\},"([a-z_]+)"\]/.exec(JSON.stringify(rule.value)) : null;
  return sum ? { [sum[1]]: [{ [sum[2]]: value }] } : { [field]: value };
}

/** Form values that make a step's condition true and false: the totals and currencies it compares, both sides. */
function conditionCases(module: CompiledModule, step: ProcessStepDefinition, currencies: Array<{ id: number; code: string }>): Array<Record<string, unknown>> {
  if (step.when === undefined) return [{}];
  const text = JSON.stringify(step.when);
  const numbers = [...new Set([...text.matchAll(/,(\d+(?:\.\d+)?)\]/g)].map((m) => Number(m[1])))];
  const fields = [...new Set([...text.matchAll(/"var":"([a-z_]+)"/g)].map((m) => m[1]))];
  const amountFields = fields.filter((f) => f !== 'currency_id');
  return currencies.flatMap((c) => numbers.flatMap((n) => [n - 1, n]).map((value) => ({
    currency_id: c.id, ...Object.assign({}, ...amountFields.map((f) => valuesFor(module, f, value))),
  })));
}

describe('route resolution matrix', () => {
  it('every module × requester × vacancy × condition resolves as the organisation and the definition say', async () => {
    const definitions = s.t.app.definitions;
    const modules = Object.values(definitions.modules).filter((m): m is CompiledModule & { process: ProcessStepDefinition[] } => m.kind === 'module' && !!m.process?.some((st) => st.approvers || st.when));
    expect(modules.length).toBeGreaterThan(0);
    const currencies = await s.t.db.selectFrom('currencies').select(['id', 'code']).execute();
    for (const [name, fn] of Object.entries(CUSTOM_OPERATIONS)) jsonLogic.add_operation(name, fn);
    jsonLogic.add_operation('currency_code', (c: unknown) => currencies.find((x) => x.id === Number(c))?.code ?? null);
    const requesters = await s.t.db.selectFrom('users').select(['id', 'email', 'company_id', 'department_id'])
      .where('password_hash', 'not like', '!%').where('disabled', '=', false).execute() as Requester[];
    const today = new Date().toISOString().slice(0, 10);
    // The document's company: the requester's own, and for a group member filing for another group
    // company (spec 000 §6) the next group company too — `of: company` and role rules resolve in it.
    const groupCompanies = (await s.t.db.selectFrom('companies').select('id').where('is_group', '=', true).orderBy('id').execute()).map((c) => c.id);
    const documentCompanies = (requester: Requester) => {
      const at = groupCompanies.indexOf(requester.company_id);
      return at < 0 || groupCompanies.length < 2 ? [requester.company_id] : [requester.company_id, groupCompanies[(at + 1) % groupCompanies.length]];
    };
    let checked = 0;
    for (const vacant of [false, true]) {
      for (const requester of requesters) {
        const user = requester.email.split('@')[0];
        // Vacancy: nobody in the requester's department or above holds a post today.
        if (vacant) await s.t.db.updateTable('user_posts').set({ effective_from: '2999-01-01' }).execute();
        try {
          for (const module of modules) {
            const cases = module.process.flatMap((st) => conditionCases(module, st, currencies));
            for (const [companyId, extra] of (vacant ? [requester.company_id] : documentCompanies(requester)).flatMap((c) => cases.map((e) => [c, e] as const))) {
              const data = { company_id: companyId, ...extra };
              const reply = await s.post(user, '/api/master_processes/resolve', { module_code: module.code, data });
              // An organisation or finance record this requester may not request for the company: refused as filing refuses it.
              if (module.meta.entity && reply.statusCode === 403) {
                // A new record where the kind offers one, else an edit of the company's (calendar, journal mapping, sign-in).
                const url = module.meta.entity.operations.includes('create') ? `/api/buffer/${module.code}` : `/api/buffer/${module.code}/${companyId}/edit`;
                const key = module.meta.bodyKey;
                const filed = await s.post(user, url, { ...(key ? { [key]: data } : data), approvals: [], user_finances: [] });
                expect([filed.statusCode, filed.json().message], filed.body).toEqual([403, reply.json().message]);
                continue;
              }
              expect(reply.statusCode, reply.body).toBe(200);
              const got = (reply.json() as { steps: Array<{ code: string; by: string; approvers: Array<{ id: number }>; skipped: string | null; blocked: string | null }> }).steps;
              const expected: Array<{ code: string; by: string; approvers: number[]; skipped: string | null; blocked: string | null }> = [];
              for (const st of module.process) {
                // The server recomputes computed fields before resolving: so does the oracle.
                if (st.when !== undefined && !jsonLogic.apply(st.when as never, computeFormData(module, data, { currencies }))) continue;
                if (!st.approvers) {
                  // A mandatory choice step is blocked when nobody but the requester may be picked.
                  const pickable = await choiceCandidates(st, requester);
                  const gap = st.optional || st.circulation || pickable.some((id) => id !== requester.id || st.allowRequester) ? null
                    : pickable.includes(requester.id) ? 'requester' : 'vacant';
                  expected.push({ code: st.code, by: 'choice', approvers: [], skipped: null, blocked: gap });
                  continue;
                }
                const all = [...new Set((await Promise.all(st.approvers.map((r) => oracle(r, requester, companyId, today)))).flat())];
                const approvers = all.filter((id) => id !== requester.id);
                const need = st.mode === 'all' ? approvers.length : st.mode === 'quorum' ? st.quorum ?? 1 : 1;
                const gap = approvers.length === 0 || approvers.length < need ? (all.includes(requester.id) ? 'requester' : 'vacant') : null;
                const skips = gap !== null && (st.skip?.[gap] || st.optional || st.circulation);
                expected.push({ code: st.code, by: 'rule', approvers: approvers.sort(), skipped: skips ? gap : null, blocked: gap !== null && !skips ? gap : null });
              }
              const actual = got.map((g) => ({ code: g.code, by: g.by, approvers: g.approvers.map((a) => a.id).sort(), skipped: g.skipped, blocked: g.blocked }));
              expect(actual, `${module.code} by ${user} for company ${companyId}${vacant ? ' (vacant)' : ''} with ${JSON.stringify(extra)}`).toEqual(expected);
              checked++;
            }
          }
        } finally {
          if (vacant) await s.t.db.updateTable('user_posts').set({ effective_from: null }).execute();
        }
      }
    }
    console.log(`route matrix: ${checked} resolutions checked`);
  }, 600_000);
});
