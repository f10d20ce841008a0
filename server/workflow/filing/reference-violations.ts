import type { Kysely } from 'kysely';
import { widgetOf, widgetValue, type CompiledModule, type DefinitionSet, type FormData, type MasterProcessStep, type Translate, type Violation } from '../../../src/engine';
import type { Database } from '../../db/database';
import { currencyById } from '../../repositories/currency-repository';
import { canReadFile } from '../../files/file-access';
import { fileFieldNames } from '../../files/file-field-names';
import { fileIdsIn } from '../../files/file-ids-in';

const one = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null);
/** The shared fields checked by name below (with the department's company). */
const BY_NAME = new Set(['company_id', 'department_id', 'currency_id']);

/**
 * The form's other ids of server lists, by the widget-value table: every top-level field whose
 * widget stores the id (or ids) of a list's rows must name rows of that list — a picker over a
 * new list is checked as it is registered. Lists of the module's own rows are `moduleListViolations`';
 * an entity module's references are its handler's.
 */
async function listViolations(db: Kysely<Database>, module: CompiledModule, data: FormData, t: Translate, label: (field: string) => string): Promise<Violation[]> {
  const out: Violation[] = [];
  // An entity module's handler checks its records' references with its own, finer rules (a
  // manager must be an active user, a location of the user's company): it keeps that word.
  if (module.meta?.entity) return out;
  const ui = (module.uiSchema ?? {}) as Record<string, unknown>;
  for (const field of Object.keys((module.schema.properties ?? {}) as Record<string, unknown>)) {
    const list = widgetValue(widgetOf(ui[field]))?.list;
    if (!list || list.ofModule || BY_NAME.has(field)) continue;
    const value = data[field];
    const ids = [...new Set((Array.isArray(value) ? value : [value]).filter((id): id is number => Number.isInteger(id)))];
    if (!ids.length) continue;
    // The table comes from the definitions' widget table, never from the request.
    const rows = await db.selectFrom(list.table as 'companies').select('id').where('id', 'in', ids).execute();
    const found = new Set(rows.map((r) => r.id));
    if (ids.some((id) => !found.has(id))) out.push(violation(field, 'engine.validation.unknownRecord', t, { field: label(field) }));
  }
  return out;
}

function violation(propertyPath: string, messageKey: string, t: Translate, params: Record<string, unknown> = {}): Violation {
  return { propertyPath, message: t(messageKey, params), field: propertyPath.split(/[.[]/)[0], messageKey };
}

/**
 * Checks the ids a valid form points at: by the spec's shared field names, whatever the module,
 * company, department of that company, currency; by the widget-value table, every other id of a
 * server list (a location, an expense account, a user, …); every approval entry's
 * step (of this module) and approver (an enabled user), and every uploaded file id (it must be
 * a file the user may read: their own upload, or one already in a document they can see). A bad
 * id is a 422, never a 500 from a foreign key or a reference to someone else's file. Who may be
 * named or forwarded to is `workflow/filing/filing-checks.ts` (stage 5 of the submission pipeline).
 */
export async function referenceViolations(
  db: Kysely<Database>, definitions: DefinitionSet, module: CompiledModule, data: FormData, steps: MasterProcessStep[], t: Translate, label: (field: string) => string, userId: number,
): Promise<Violation[]> {
  const out: Violation[] = await listViolations(db, module, data, t, label);
  const fieldNames = fileFieldNames(definitions.modules);
  for (const { id, propertyPath } of fileIdsIn(data, new Set(fieldNames))) {
    if (!(await canReadFile(db, id, userId, fieldNames))) {
      out.push(violation(propertyPath, 'engine.validation.unknownFile', t));
    }
  }
  const companyId = one(data.company_id);
  const departmentId = one(data.department_id);
  if (companyId !== null && !(await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst())) {
    out.push(violation('company_id', 'engine.validation.unknownRecord', t, { field: label('company_id') }));
  }
  if (departmentId !== null) {
    const department = await db.selectFrom('departments').select(['id', 'company_id']).where('id', '=', departmentId).executeTakeFirst();
    if (!department) out.push(violation('department_id', 'engine.validation.unknownRecord', t, { field: label('department_id') }));
    else if (companyId !== null && department.company_id !== companyId) out.push(violation('department_id', 'engine.validation.departmentCompany', t));
  }
  const currencyId = one(data.currency_id);
  if (currencyId !== null && !(await currencyById(db, currencyId))) {
    out.push(violation('currency_id', 'engine.validation.unknownRecord', t, { field: label('currency_id') }));
  }
  const approvals = (Array.isArray(data.approvals) ? data.approvals : []) as Array<Record<string, unknown>>;
  const stepIds = new Set(steps.map((s) => s.id));
  const approverIds = [...new Set(approvals.map((a) => Number(a.approver_id)).filter(Number.isInteger))];
  const known = approverIds.length
    ? new Set((await db.selectFrom('users').select('id').where('id', 'in', approverIds).where('disabled', '=', false).execute()).map((u) => u.id))
    : new Set<number>();
  approvals.forEach((a, i) => {
    if (a.approver_id === null || a.approver_id === undefined) return;
    if (!stepIds.has(Number(a.master_process_id))) out.push(violation(`approvals[${i}].master_process_id`, 'engine.validation.unknownStep', t));
    else if (!known.has(Number(a.approver_id))) out.push(violation(`approvals[${i}].approver_id`, 'engine.validation.unknownApprover', t));
  });
  return out;
}
