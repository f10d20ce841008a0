import type { Kysely } from 'kysely';
import type { DefinitionSet, FormData, MasterProcessStep, Translate, Violation } from '../../src/engine';
import type { Database } from '../db/database';
import { canReadFile } from '../files/file-access';
import { fileFieldNames } from '../files/file-field-names';
import { fileIdsIn } from '../files/file-ids-in';

const one = (value: unknown): number | null => (Number.isInteger(value) ? (value as number) : null);

function violation(propertyPath: string, messageKey: string, t: Translate, params: Record<string, unknown> = {}): Violation {
  return { propertyPath, message: t(messageKey, params), field: propertyPath.split(/[.[]/)[0], messageKey };
}

/**
 * Checks the ids a valid form points at (by the spec's shared field names, whatever the module):
 * company, department of that company, currency, and every approval entry's
 * step (of this module) and approver (an enabled user), and every uploaded file id (it must be
 * a file the user may read: their own upload, or one already in a document they can see). A bad
 * id is a 422, never a 500 from a foreign key or a reference to someone else's file. Who may be
 * named or forwarded to is `workflow/filing-checks.ts` (stage 5 of the submission pipeline).
 */
export async function referenceViolations(
  db: Kysely<Database>, definitions: DefinitionSet, data: FormData, steps: MasterProcessStep[], t: Translate, label: (field: string) => string, userId: number,
): Promise<Violation[]> {
  const out: Violation[] = [];
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
  if (currencyId !== null && !(await db.selectFrom('currencies').select('id').where('id', '=', currencyId).executeTakeFirst())) {
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
