import type { Kysely } from 'kysely';
import { stripUnknownFields, validateFormData, type CompiledModule, type DefinitionSet, type Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import { canReadFile } from '../../files/file-access';
import { fileFieldNames } from '../../files/file-field-names';
import type { Violation } from '../../lib/errors';
import type { TreasuryData } from '../../../src/wire/workflow';

const MAX_ID = 2147483647;
const isId = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0 && (value as number) <= MAX_ID;

/**
 * Checks the treasury form: first the engine with the form's definition (schema, then its ordered
 * rules: an account chosen, a valid payment date, exactly one deal slip — what the form checks
 * in the browser), then what only the server knows: a live (not retired) bank account of the
 * document's company (`companyId`; null = none qualifies) and a deal slip the acting user may
 * read (`canReadFile`: their own upload, or a file of a document they see). Violations come in
 * the form's order. Returns the clean value, or every violation.
 */
export async function readTreasuryData(
  db: Kysely<Database>, definitions: DefinitionSet, formCode: string | undefined, data: unknown, t: Translate, scope: { companyId: number | null; userId: number },
): Promise<{ value: TreasuryData } | { violations: Violation[] }> {
  // The step's `form` (processes/<module>.json), checked by the definition checker to exist.
  const form = formCode !== undefined && Object.hasOwn(definitions.modules, formCode) ? definitions.modules[formCode] : undefined;
  if (!form) throw new Error(`the treasury step names no form of the definitions ("${String(formCode)}")`);
  if (!data || typeof data !== 'object' || Array.isArray(data)) {
    return { violations: [{ propertyPath: 'data', message: t('server.workflow.treasury.required') }] };
  }
  const input = stripUnknownFields(form, data) as Record<string, unknown>;
  const found: Violation[] = validateFormData(form, input, {}, t).map(({ propertyPath, message }) => ({ propertyPath: `data.${propertyPath}`, message }));
  const judged = (field: string) => found.some((v) => v.propertyPath === `data.${field}` || v.propertyPath.startsWith(`data.${field}[`));

  if (!judged('account_id')) {
    const account = isId(input.account_id)
      ? await db.selectFrom('company_bank_accounts').select(['id', 'company_id', 'retired_at']).where('id', '=', input.account_id).executeTakeFirst()
      : undefined;
    if (!account) found.push({ propertyPath: 'data.account_id', message: t('server.workflow.treasury.account') });
    // Deleted through the bank-account module (migration 0610): documents keep it, new payments may not use it.
    else if (account.retired_at !== null) found.push({ propertyPath: 'data.account_id', message: t('server.integrity.treasuryAccountRetired') });
    else if (account.company_id !== scope.companyId) found.push({ propertyPath: 'data.account_id', message: t('server.integrity.treasuryAccountCompany') });
  }
  const slips = Array.isArray(input.deal_slips) ? input.deal_slips : [];
  if (!judged('deal_slips')) {
    const file = isId(slips[0]) ? await db.selectFrom('files').select('id').where('id', '=', slips[0]).executeTakeFirst() : undefined;
    if (!file) found.push({ propertyPath: 'data.deal_slips', message: t('server.workflow.treasury.dealSlips') });
    else if (!(await canReadFile(db, file.id, scope.userId, fileFieldNames(definitions.modules)))) {
      found.push({ propertyPath: 'data.deal_slips', message: t('server.integrity.treasuryDealSlipAccess') });
    }
  }
  if (found.length) return { violations: inFormOrder(form, found) };
  return { value: { account_id: input.account_id as number, payment_date: input.payment_date as string, deal_slips: [slips[0] as number] } };
}

/** Violations sorted by their field's place in the form (`ui:order`), stable within a field. */
function inFormOrder(form: CompiledModule, violations: Violation[]): Violation[] {
  const order = (form.uiSchema['ui:order'] ?? []) as string[];
  const rank = (v: Violation) => { const i = order.indexOf(v.propertyPath.replace(/^data\./, '').split(/[.[]/)[0]); return i < 0 ? order.length : i; };
  return violations.map((v, i) => ({ v, i })).sort((a, b) => rank(a.v) - rank(b.v) || a.i - b.i).map(({ v }) => v);
}
