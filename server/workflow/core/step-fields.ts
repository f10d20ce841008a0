import type { Kysely } from 'kysely';
import type { CompiledModule, DefinitionSet, Translate } from '../../../src/engine';
import type { Database } from '../../db/database';
import { canReadFile } from '../../files/file-access';
import { fileFieldNames } from '../../files/file-field-names';
import type { Violation } from '../../lib/errors';

/** The fields the approver of a `processCode` step fills (`processes/<code>.json` → `fills`). */
export function stepFieldsOf(module: CompiledModule | undefined, processCode: string): string[] {
  return module?.process?.find((s) => s.code === processCode)?.fills ?? [];
}

/** Every field some step of the module fills (never written by the filer or an editor). */
export function allStepFields(module: CompiledModule | undefined): Set<string> {
  return new Set((module?.process ?? []).flatMap((s) => s.fills ?? []));
}

const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const MAX_ID = 2147483647;

/** The field's uploader options (document type and most files), from the module's UI schema. */
function uploaderOf(module: CompiledModule, field: string): { documentType?: string; maxFiles: number } {
  const options = ((module.uiSchema[field] as Record<string, unknown> | undefined)?.['ui:options'] ?? {}) as Record<string, unknown>;
  const schema = ((module.schema.properties ?? {}) as Record<string, { maxItems?: number }>)[field];
  const maxFiles = typeof options.maxFiles === 'number' ? options.maxFiles : schema?.maxItems ?? 10;
  return { documentType: typeof options.documentType === 'string' ? options.documentType : undefined, maxFiles };
}

/**
 * Reads the step fields an action's `data` carries for a step of process `processCode`:
 * - a field another step of the module fills → refused (`data.<field>`): it is accepted only
 *   from that step's approver, with its approval;
 * - this step's fields: a list of at most the uploader's `maxFiles` distinct file ids, each a file
 *   of the field's document type that the acting user may read (their own upload, or one a
 *   document they see grants them);
 * - any other key is not a step field and is left alone (the caller ignores it, as before).
 * Returns the clean fields given (absent ones are not in the value: the stored value stays).
 */
export async function readStepFields(
  db: Kysely<Database>, definitions: DefinitionSet, module: CompiledModule | undefined, processCode: string, data: unknown, t: Translate, userId: number,
): Promise<{ value: Record<string, number[]> } | { violations: Violation[] }> {
  if (!module || !isObject(data)) return { value: {} };
  const own = new Set(stepFieldsOf(module, processCode));
  const any = allStepFields(module);
  const violations: Violation[] = [];
  const value: Record<string, number[]> = {};
  const label = (field: string) => t(`${module.code}.${field}.label`);
  for (const [field, raw] of Object.entries(data)) {
    if (!any.has(field)) continue;
    if (!own.has(field)) {
      violations.push({ propertyPath: `data.${field}`, message: t('server.workflow.stepFields.otherStep', { field: label(field) }) });
      continue;
    }
    const { documentType, maxFiles } = uploaderOf(module, field);
    const ids = Array.isArray(raw) ? raw : null;
    if (!ids || ids.length > maxFiles || !ids.every((id) => Number.isInteger(id) && id > 0 && id <= MAX_ID) || new Set(ids).size !== ids.length) {
      violations.push({ propertyPath: `data.${field}`, message: t('server.workflow.stepFields.files', { field: label(field), max: maxFiles }) });
      continue;
    }
    const fieldNames = fileFieldNames(definitions.modules);
    for (const [i, id] of (ids as number[]).entries()) {
      const file = await db.selectFrom('files').select(['id', 'document_type']).where('id', '=', id).executeTakeFirst();
      if (!file || !(await canReadFile(db, id, userId, fieldNames))) {
        violations.push({ propertyPath: `data.${field}[${i}]`, message: t('engine.validation.unknownFile') });
      } else if (documentType && file.document_type !== documentType) {
        violations.push({ propertyPath: `data.${field}[${i}]`, message: t('server.workflow.stepFields.documentType', { field: label(field) }) });
      }
    }
    value[field] = ids as number[];
  }
  return violations.length ? { violations } : { value };
}
